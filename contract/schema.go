package contract

import (
	"errors"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"github.com/speccify/speccify-lint/internal/jsonexact"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// SchemaIssue is a problem with a schema, or a value that fails a schema, at
// a JSON pointer (into the schema for compile problems, into the value for
// validation failures).
type SchemaIssue struct {
	Pointer string
	Msg     string
}

var englishPrinter = message.NewPrinter(language.English)

// maxSchemaFileSize bounds a schema file a $ref inside the tool folder names.
const maxSchemaFileSize = 1 << 20

// CompileSchema compiles a JSON Schema converted from the frontmatter field
// name (inputs or outputs) of the tool folder dir. The default draft is
// 2020-12; $schema is honoured. Nothing is fetched: a $ref to http(s):// or
// file:// is an issue, and a relative $ref may only name a JSON file inside
// the tool folder.
func CompileSchema(doc *JSONDoc, name, dir string) (*Schema, []SchemaIssue) {
	if issues := remoteRefs(doc.Value); len(issues) > 0 {
		return nil, issues
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		absDir = dir
	}
	loc := fileURL(filepath.Join(absDir, "TOOL.md."+name+".json"))
	if provablyValid2020(doc.Value) {
		// The library does not validate documents under json-schema.org
		// against the meta-schema (it takes them for meta-schemas); this one
		// is proven valid already, and all its $refs are local, so its
		// address does not matter.
		loc = provenSchemaBase + name + ".json"
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(folderLoader{dir: absDir})
	if err := c.AddResource(loc, doc.Value); err != nil {
		return nil, []SchemaIssue{{Msg: cleanSchemaText(err.Error(), loc, name)}}
	}
	sch, err := c.Compile(loc)
	if err != nil {
		return nil, compileIssues(err, loc, name, doc.Value)
	}
	return &Schema{Schema: sch, compiler: c, loc: loc}, nil
}

// provenSchemaBase is the address of schemas provablyValid2020 accepted.
const provenSchemaBase = "https://json-schema.org/speccify-lint/proven/"

// Schema is a compiled inputs or outputs schema.
type Schema struct {
	*jsonschema.Schema
	compiler *jsonschema.Compiler
	loc      string
}

// Sub compiles the subschema at a JSON pointer of the schema document, such
// as "/properties/ok"; $refs inside it resolve as in the whole schema.
func (s *Schema) Sub(pointer string) (*jsonschema.Schema, error) {
	return s.compiler.Compile(s.loc + "#" + pointer)
}

// remoteRefs finds $ref values that would need the network or a file://
// read, in the order of the keys at every level.
func remoteRefs(v any) []SchemaIssue {
	if !mayHaveRemoteRef(v) {
		return nil
	}
	return remoteRefsAt(v, "")
}

// mayHaveRemoteRef reports whether remoteRefsAt may find something in v: a
// $ref, $dynamicRef or $recursiveRef string that does not start with "#". It
// walks v without building pointers or sorting keys; a reference to a place
// in the same document, the common case, is never remote.
func mayHaveRemoteRef(v any) bool {
	switch v := v.(type) {
	case map[string]any:
		for k, val := range v {
			if s, ok := val.(string); ok {
				if isRefKeyword(k) && !strings.HasPrefix(s, "#") {
					return true
				}
				continue
			}
			if mayHaveRemoteRef(val) {
				return true
			}
		}
	case []any:
		for _, item := range v {
			if mayHaveRemoteRef(item) {
				return true
			}
		}
	}
	return false
}

// isRefKeyword reports whether k is a keyword whose value is a reference.
func isRefKeyword(k string) bool {
	return k == "$ref" || k == "$dynamicRef" || k == "$recursiveRef"
}

// remoteRefsAt finds the remote references in v, the value at the JSON
// pointer ptr.
func remoteRefsAt(v any, ptr string) []SchemaIssue {
	var out []SchemaIssue
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			switch val := v[k].(type) {
			case string:
				if !isRefKeyword(k) {
					continue
				}
				if msg := refIssue(k, val); msg != "" {
					out = append(out, SchemaIssue{Pointer: ptr + "/" + escapePointer(k), Msg: msg})
				}
			case map[string]any, []any:
				out = append(out, remoteRefsAt(val, ptr+"/"+escapePointer(k))...)
			}
		}
	case []any:
		for i, item := range v {
			switch item.(type) {
			case map[string]any, []any:
				out = append(out, remoteRefsAt(item, ptr+"/"+strconv.Itoa(i))...)
			}
		}
	}
	return out
}

// refIssue explains why the reference s, the value of the keyword k, is not
// followed, or returns "" if it may be.
func refIssue(k, s string) string {
	u, err := url.Parse(s)
	switch {
	case err != nil:
	case (u.Scheme == "http" || u.Scheme == "https" || u.Scheme == "file") && !isMetaSchema(s):
		return fmt.Sprintf("%s %q is not fetched: speccify-lint reads neither the network nor files outside the tool folder; put the schema under $defs and refer to it as #/$defs/...", k, s)
	case u.Scheme == "" && u.Path != "" && leavesFolder(u.Path):
		return fmt.Sprintf("%s %q is outside the tool folder and is not read; copy the schema into the tool folder or under $defs", k, s)
	}
	return ""
}

// leavesFolder reports whether a relative reference path leaves the folder it
// is resolved in.
func leavesFolder(p string) bool {
	clean := path.Clean(p)
	return clean == ".." || strings.HasPrefix(clean, "../") || path.IsAbs(clean)
}

// isMetaSchema reports whether a URL names a JSON Schema meta-schema the
// library has built in.
func isMetaSchema(s string) bool {
	s = strings.TrimSuffix(strings.TrimSuffix(s, "#"), "/")
	return strings.HasPrefix(s, "https://json-schema.org/draft") || strings.HasPrefix(s, "http://json-schema.org/draft") ||
		strings.HasPrefix(s, "http://json-schema.org/schema")
}

// folderLoader loads relative $ref targets from JSON files inside the tool
// folder, and nothing else.
type folderLoader struct{ dir string }

func (l folderLoader) Load(u string) (any, error) {
	p, err := (jsonschema.FileLoader{}).ToFile(u)
	if err != nil {
		return nil, fmt.Errorf("%s is not fetched: only files inside the tool folder are read", u)
	}
	rel, err := filepath.Rel(l.dir, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return nil, fmt.Errorf("%s is outside the tool folder and is not read", p)
	}
	data, err := ReadText(p, maxSchemaFileSize)
	if err != nil {
		return nil, err
	}
	return jsonexact.ParseJSON(data)
}

func fileURL(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// compileIssues turns a compile error into issues at schema pointers.
func compileIssues(err error, loc, name string, instance any) []SchemaIssue {
	var sve *jsonschema.SchemaValidationError
	if errors.As(err, &sve) {
		var ve *jsonschema.ValidationError
		if errors.As(sve.Err, &ve) {
			return ValidationIssues(ve, instance)
		}
	}
	var issues []SchemaIssue
	ptr := ""
	msg := err.Error()
	// Most other errors name the schema location as URL#/pointer.
	if i := strings.Index(msg, loc+"#"); i >= 0 {
		rest := msg[i+len(loc)+1:]
		if j := strings.IndexAny(rest, "' \""); j >= 0 {
			rest = rest[:j]
		}
		ptr, _ = url.PathUnescape(rest)
	}
	var re *jsonschema.InvalidRegexError
	if errors.As(err, &re) {
		msg = fmt.Sprintf("invalid regular expression %q: %v", re.Regex, re.Err)
	}
	issues = append(issues, SchemaIssue{Pointer: ptr, Msg: cleanSchemaText(msg, loc, name)})
	return issues
}

// ValidationIssues flattens a validation error of the value instance into
// its leaf failures, each at the JSON pointer of the failing value, in a
// stable order.
func ValidationIssues(err error, instance any) []SchemaIssue {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []SchemaIssue{{Msg: err.Error()}}
	}
	var out []SchemaIssue
	// parent is where the enclosing failure is. prefix is "" except under a
	// propertyNames failure, whose causes are failures of the property name
	// with locations relative to it: they are placed at the property.
	var walk func(e *jsonschema.ValidationError, parent, prefix string)
	walk = func(e *jsonschema.ValidationError, parent, prefix string) {
		at := prefix + pointerOf(e.InstanceLocation)
		if k, ok := e.ErrorKind.(*kind.PropertyNames); ok {
			// The library's location of a propertyNames failure has the
			// right length, but its tokens can be overwritten by the
			// validation that follows (it keeps its working slice): the
			// object is the one at that depth with the property, when only
			// one has it, else the enclosing failure's value.
			at = parent
			if obj, ok := uniqueObjectWith(instance, len(e.InstanceLocation), k.Property); ok {
				at = obj + "/" + escapePointer(k.Property)
			}
			prefix = at
		}
		if len(e.Causes) == 0 {
			out = append(out, SchemaIssue{Pointer: at, Msg: e.ErrorKind.LocalizedString(englishPrinter)})
			return
		}
		for _, c := range e.Causes {
			walk(c, at, prefix)
		}
	}
	walk(ve, "", "")
	slices.SortStableFunc(out, func(a, b SchemaIssue) int { return strings.Compare(a.Pointer, b.Pointer) })
	return slices.Compact(out)
}

// uniqueObjectWith returns the pointer of the one object depth levels down
// in v that has the member name; ok is false when none or several have it.
func uniqueObjectWith(v any, depth int, name string) (pointer string, ok bool) {
	found := 0
	var walk func(v any, at string, depth int)
	walk = func(v any, at string, depth int) {
		switch v := v.(type) {
		case map[string]any:
			if depth == 0 {
				if _, has := v[name]; has {
					pointer = at
					found++
				}
				return
			}
			for k, sub := range v {
				walk(sub, at+"/"+escapePointer(k), depth-1)
			}
		case []any:
			for i, sub := range v {
				walk(sub, at+"/"+strconv.Itoa(i), depth-1)
			}
		}
	}
	walk(v, "", depth)
	return pointer, found == 1
}

func pointerOf(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(escapePointer(t))
	}
	return b.String()
}

func cleanSchemaText(msg, loc, name string) string {
	msg = strings.ReplaceAll(msg, "'"+loc+"'", name)
	msg = strings.ReplaceAll(msg, "\""+loc+"\"", name)
	msg = strings.ReplaceAll(msg, loc, name)
	return msg
}
