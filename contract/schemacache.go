package contract

import (
	"bytes"
	"encoding/json"
	"hash/maphash"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Compiling a schema with the library costs more than reading and parsing
// its whole TOOL.md, and the tools of one repository often share their
// schemas, or schemas that differ only in their words (title, description):
// an outputs of ok, error and a result, an inputs of a path. So a compiled
// schema is shared between the tools whose schemas compile to the same
// thing, and compiled once per process.
//
// Only a schema whose compiled form depends on nothing but its own text is
// shared: one provablyValid2020 accepts (draft 2020-12, no $schema, no $id,
// every $ref inside the document, valid, so that its address is the same in
// every tool folder: provenSchemaBase), with no pattern that only the
// ECMA-262 engine runs (those draw on a time budget of their schema, which
// must not be shared between tools). The key is the schema's canonical text
// (keys sorted, numbers as written) without its annotations (title,
// description, $comment, default, examples, deprecated, readOnly,
// writeOnly), which the compiled schema keeps but nothing of speccify-lint
// reads from it: every reader of an annotation reads it from the tool's own
// document (Schema.Keyword, Schema.Raw), and validation does not look at
// them. When a $ref of the schema points into a place an annotation could
// hold (a pointer with a step named like one), the annotations stay in the
// key.
//
// A compiled schema kept costs memory for the whole run (about 6 KB for an
// inputs schema of five properties), and under the run's soft memory limit
// every byte kept makes the collector run more often: keeping the schemas
// of 1,000 tools whose schemas all differ made a lint of 10,000 tools
// spend a third more CPU time. So a schema is kept only once a second tool
// has it (the first only leaves a hash of its key), at most
// schemaCacheSize of them, the first ones; a schema that is not kept is
// compiled for its tool alone, as before.

// schemaCacheSize bounds the shared compiled schemas.
const schemaCacheSize = 1024

// seenSize bounds the hashes of the keys of schemas seen once.
const seenSize = 1 << 14

// schemaCache is the process's shared compiled schemas by key, and the
// hashes of the keys seen once.
var schemaCache struct {
	sync.RWMutex
	m    map[string]*jsonschema.Schema
	seen map[uint64]struct{}
}

// keySeed seeds the hashes of seen keys.
var keySeed = maphash.MakeSeed()

// cacheSchema shares sch as the compiled schema of key if key was seen
// before and there is room; else it notes that key was seen.
func cacheSchema(key string, sch *jsonschema.Schema) {
	h := maphash.String(keySeed, key)
	schemaCache.Lock()
	defer schemaCache.Unlock()
	if schemaCache.m == nil {
		schemaCache.m = map[string]*jsonschema.Schema{}
		schemaCache.seen = map[uint64]struct{}{}
	}
	if _, ok := schemaCache.seen[h]; !ok {
		if len(schemaCache.seen) < seenSize {
			schemaCache.seen[h] = struct{}{}
		}
		return
	}
	if len(schemaCache.m) < schemaCacheSize {
		schemaCache.m[key] = sch
	}
}

// isAnnotation reports whether the keyword k is left out of a shared
// schema's key: the compiled schema keeps its value, but validation does
// not use it and nothing reads it from there.
func isAnnotation(k string) bool {
	switch k {
	case "title", "description", "$comment", "default", "examples", "deprecated", "readOnly", "writeOnly":
		return true
	}
	return false
}

// keyWriter writes a schema's key.
type keyWriter struct {
	b bytes.Buffer
	// keys holds the sorted keys of the objects being written, the
	// innermost last.
	keys []string
	// strip leaves the annotations out.
	strip bool
	// refIntoAnnotation is set when a $ref was written that points into
	// an annotation's place (a JSON pointer with a step named like one).
	refIntoAnnotation bool
}

// keyWriters recycles the key writers.
var keyWriters = sync.Pool{New: func() any { return new(keyWriter) }}

// sharedSchema returns the shared compiled schema of the schema value v
// (one provablyValid2020 accepted) of the field name, or else the key to
// share it by once compiled (cacheSchema); ok is false when v holds a value
// that is not JSON, which is not shared.
func sharedSchema(name string, v any) (sch *jsonschema.Schema, key string, ok bool) {
	w := keyWriters.Get().(*keyWriter)
	defer keyWriters.Put(w)
	if !w.key(name, v) {
		return nil, "", false
	}
	schemaCache.RLock()
	sch = schemaCache.m[string(w.b.Bytes())]
	schemaCache.RUnlock()
	if sch != nil {
		return sch, "", true
	}
	return nil, w.b.String(), true
}

// key writes the key of the schema value v of the field name: the name,
// then v's canonical text, without its annotations unless a $ref may point
// into one. It reports false when v holds a value that is not JSON.
func (w *keyWriter) key(name string, v any) bool {
	for _, strip := range []bool{true, false} {
		w.b.Reset()
		w.keys, w.strip, w.refIntoAnnotation = w.keys[:0], strip, false
		w.b.WriteString(name)
		w.b.WriteByte(0)
		if !w.schema(v) {
			return false
		}
		if !w.refIntoAnnotation {
			break
		}
	}
	return true
}

// sortedKeys appends the keys of obj to w.keys, sorted, and returns where
// they start; the caller truncates w.keys to that when it is done.
func (w *keyWriter) sortedKeys(obj map[string]any) int {
	start := len(w.keys)
	for k := range obj {
		w.keys = append(w.keys, k)
	}
	slices.Sort(w.keys[start:])
	return start
}

// schema writes the schema value v in canonical form. It reports false
// when v holds a value that is not JSON (none of ToJSON's kinds): such a
// schema is not shared.
func (w *keyWriter) schema(v any) bool {
	obj, ok := v.(map[string]any)
	if !ok {
		return w.value(v)
	}
	b := &w.b
	b.WriteByte('{')
	start := w.sortedKeys(obj)
	end := len(w.keys)
	for i := start; i < end; i++ {
		k := w.keys[i]
		val := obj[k]
		if w.strip && isAnnotation(k) {
			continue
		}
		if s, ok := val.(string); ok && isRefKeyword(k) && refIntoAnnotation(s) {
			w.refIntoAnnotation = true
		}
		writeString(b, k)
		b.WriteByte(':')
		arr, isArr := val.([]any)
		m, isMap := val.(map[string]any)
		switch place := placeOf(k); {
		case place == oneSchema:
			if !w.schema(val) {
				return false
			}
		case place == schemaList && isArr:
			if !w.list(arr, w.schema) {
				return false
			}
		case place == schemaMap && isMap:
			if !w.object(m, w.schema) {
				return false
			}
		default:
			if !w.value(val) {
				return false
			}
		}
		b.WriteByte(',')
	}
	w.keys = w.keys[:start]
	b.WriteByte('}')
	return true
}

// refIntoAnnotation reports whether the reference ref is a JSON pointer
// with a step named like an annotation keyword.
func refIntoAnnotation(ref string) bool {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok || frag == "" {
		return false
	}
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	for step := range strings.SplitSeq(frag, "/") {
		if isAnnotation(strings.ReplaceAll(strings.ReplaceAll(step, "~1", "/"), "~0", "~")) {
			return true
		}
	}
	return false
}

// value writes the JSON value v in canonical form: keys sorted, numbers as
// written, strings with their lengths. It reports false when v holds a
// value that is not JSON.
func (w *keyWriter) value(v any) bool {
	b := &w.b
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case json.Number:
		b.WriteString(string(v))
	case string:
		writeString(b, v)
	case []any:
		return w.list(v, w.value)
	case map[string]any:
		return w.object(v, w.value)
	default:
		return false
	}
	return true
}

// list writes the list arr, each item with write.
func (w *keyWriter) list(arr []any, write func(any) bool) bool {
	w.b.WriteByte('[')
	for _, item := range arr {
		if !write(item) {
			return false
		}
		w.b.WriteByte(',')
	}
	w.b.WriteByte(']')
	return true
}

// object writes the object m, its keys sorted, each value with write. It
// notes a $ref into an annotation's place among its members: any object
// may be compiled as a schema, when a $ref points at it.
func (w *keyWriter) object(m map[string]any, write func(any) bool) bool {
	w.b.WriteByte('{')
	start := w.sortedKeys(m)
	for i := start; i < len(w.keys); i++ {
		k := w.keys[i]
		if s, ok := m[k].(string); ok && isRefKeyword(k) && refIntoAnnotation(s) {
			w.refIntoAnnotation = true
		}
		writeString(&w.b, k)
		w.b.WriteByte(':')
		if !write(m[k]) {
			return false
		}
		w.b.WriteByte(',')
	}
	w.keys = w.keys[:start]
	w.b.WriteByte('}')
	return true
}

// writeString writes s after its length, so that a string can neither end
// early nor pass for a number.
func writeString(b *bytes.Buffer, s string) {
	var n [20]byte
	b.Write(strconv.AppendInt(n[:0], int64(len(s)), 10))
	b.WriteByte('"')
	b.WriteString(s)
}
