package contract

import (
	"fmt"
	"maps"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// InlineIssues are the issues of Inline, without the inlined document: none,
// without building it, when the schema from TOOL.md has no reference that
// Inline could find fault with (a $ref that does not start with #, a
// $dynamicRef, a $recursiveRef).
func (s *Schema) InlineIssues() []SchemaIssue {
	if !anyMember(s.doc, func(k string, val any) bool {
		ref, ok := val.(string)
		return ok && (k == "$dynamicRef" || k == "$recursiveRef" || k == "$ref" && !strings.HasPrefix(ref, "#"))
	}) {
		return nil
	}
	_, issues := s.Inline()
	return issues
}

// Inline returns the schema as one self-contained document, for a reader
// that has none of the tool folder's files (an MCP client reads a tool's
// inputSchema and outputSchema alone): each JSON file of the tool folder
// that a $ref names is copied under the root's $defs (its key made from
// the file's path: "defs.json" for defs.json, "schemas_common.json" for
// schemas/common.json, a number added when the name is taken), and every
// $ref to it, or into it by a JSON pointer, is rewritten to point there;
// a $ref inside the copied file, to a place in it or to another file, is
// rewritten the same way. Nothing else changes: references within TOOL.md's
// schema stay as written.
//
// What cannot be moved so without changing its meaning is an issue (at the
// pointer, in TOOL.md's schema, of the $ref that leads to it), and is left
// as written: a reference by anchor into a file, or from one; $dynamicRef
// and $recursiveRef to or in a file; a file with $id or $anchor (which
// would change the base of the references around it) or whose $schema
// differs from the root's; a $ref to a document that is not one of the
// tool's files (a meta-schema). A schema without file references comes
// back as it is, with no issue.
func (s *Schema) Inline() (any, []SchemaIssue) {
	root, ok := s.doc.(map[string]any)
	if !ok {
		return s.doc, nil
	}
	in := &inliner{s: s, keys: map[string]string{}, defs: map[string]any{}}
	if defs, ok := root["$defs"].(map[string]any); ok {
		in.taken = slices.Collect(maps.Keys(defs))
	} else if _, has := root["$defs"]; has {
		in.blocked = true // not an object: nothing can go under it
	}
	in.dialect, _ = root["$schema"].(string)
	out := in.object(root, s.loc, "", "").(map[string]any)
	for len(in.queue) > 0 {
		u := in.queue[0]
		in.queue = in.queue[1:]
		key := in.keys[u]
		in.defs[key] = in.embed(u, in.via[u])
	}
	if len(in.defs) > 0 {
		defs := map[string]any{}
		if old, ok := out["$defs"].(map[string]any); ok {
			maps.Copy(defs, old)
		}
		maps.Copy(defs, in.defs)
		out["$defs"] = defs
	}
	return out, in.issues
}

// inliner is the state of Inline.
type inliner struct {
	s *Schema
	// keys are the $defs keys of the files copied, by address; queue the
	// addresses still to copy, via the pointer (in TOOL.md's schema) of the
	// $ref that first led to each.
	keys  map[string]string
	via   map[string]string
	queue []string
	defs  map[string]any
	// taken are the root's own $defs keys; blocked is true when its $defs
	// is no object.
	taken   []string
	blocked bool
	// dialect is the root's $schema, "" for none.
	dialect string
	issues  []SchemaIssue
}

// notCopied are the keywords whose values are data, not schemas: a "$ref"
// member in them is no reference.
var notCopied = map[string]bool{"const": true, "enum": true, "default": true, "examples": true}

// object copies the schema value v of the document at address doc,
// rewriting its references; at is v's pointer in its document, via the
// pointer in TOOL.md's schema that issues are reported at ("" when v is in
// TOOL.md's schema: at is then its own pointer).
func (in *inliner) object(v any, doc, at, via string) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for _, k := range slices.Sorted(maps.Keys(v)) {
			val := v[k]
			p := at + "/" + escapePointer(k)
			switch ref, isString := val.(string); {
			case notCopied[k]:
				out[k] = val
			case isString && k == "$ref":
				out[k] = in.ref(ref, doc, p, via)
			case isString && (k == "$dynamicRef" || k == "$recursiveRef"):
				if doc != in.s.loc || in.leaves(ref, doc) {
					in.issue(p, via, "%s %q: an export cannot move a dynamic reference into one document", k, ref)
				}
				out[k] = val
			default:
				out[k] = in.object(val, doc, p, via)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, item := range v {
			out[i] = in.object(item, doc, at+"/"+strconv.Itoa(i), via)
		}
		return out
	}
	return v
}

// leaves reports whether the reference ref in the document doc names
// another document.
func (in *inliner) leaves(ref, doc string) bool {
	target, _, err := resolveRef(ref, doc)
	return err != nil || target != doc
}

// resolveRef resolves the reference ref against the address base: the
// document's address and the fragment, as written (percent-encoded).
func resolveRef(ref, base string) (target, fragment string, err error) {
	u, err := url.Parse(ref)
	if err != nil {
		return "", "", err
	}
	b, err := url.Parse(base)
	if err != nil {
		return "", "", err
	}
	r := b.ResolveReference(u)
	fragment = r.EscapedFragment()
	r.Fragment, r.RawFragment = "", ""
	return r.String(), fragment, nil
}

// ref is the reference ref of the document doc as the inlined document
// writes it; p is its pointer, via as in object.
func (in *inliner) ref(ref, doc, p, via string) string {
	if strings.HasPrefix(ref, "#") && doc == in.s.loc {
		return ref // within TOOL.md's schema
	}
	target, frag, err := resolveRef(ref, doc)
	if err != nil {
		in.issue(p, via, "$ref %q is not a reference an export can follow: %v", ref, err)
		return ref
	}
	if frag != "" && !strings.HasPrefix(frag, "/") {
		if target != doc || doc != in.s.loc {
			in.issue(p, via, "$ref %q names an anchor in a file, which an export cannot move into one document; refer to it by a JSON pointer (#/...)", ref)
		}
		return ref
	}
	if target == in.s.loc {
		return "#" + frag
	}
	if _, ok := in.s.docs[target]; !ok {
		in.issue(p, via, "$ref %q names no file of the tool folder, so an export cannot copy it into the schema", ref)
		return ref
	}
	if in.blocked {
		in.issue(p, via, "$ref %q: an export copies the file under $defs, which is not an object here", ref)
		return ref
	}
	key, ok := in.keys[target]
	if !ok {
		key = in.keyFor(target)
		in.keys[target] = key
		if in.via == nil {
			in.via = map[string]string{}
		}
		in.via[target] = cmpOr(via, p)
		in.queue = append(in.queue, target)
	}
	return "#/$defs/" + key + frag
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// unsafeKey matches what a $defs key of a copied file does not keep of its
// path: anything but letters, digits, '.', '_' and '-', which need no
// escaping in a JSON pointer or a URI fragment.
var unsafeKey = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// keyFor is a new $defs key for the file at address u: its path in the
// tool folder, made safe, with a number when it is taken.
func (in *inliner) keyFor(u string) string {
	dir := in.s.loc[:strings.LastIndex(in.s.loc, "/")+1]
	name, ok := strings.CutPrefix(u, dir)
	if !ok {
		name = path.Base(u)
	}
	if un, err := url.PathUnescape(name); err == nil {
		name = un
	}
	base := strings.Trim(unsafeKey.ReplaceAllString(name, "_"), "_")
	if base == "" {
		base = "file"
	}
	key := base
	for i := 2; slices.Contains(in.taken, key); i++ {
		key = base + "_" + strconv.Itoa(i)
	}
	in.taken = append(in.taken, key)
	return key
}

// embed is the file at address u as the inlined document holds it under
// $defs, its references rewritten.
func (in *inliner) embed(u, via string) any {
	doc := in.s.docs[u]
	obj, ok := doc.(map[string]any)
	if !ok {
		return doc // a boolean schema
	}
	name := in.keys[u]
	for _, k := range []string{"$id", "$anchor", "$dynamicAnchor", "$recursiveAnchor"} {
		if _, has := obj[k]; has {
			in.issue("", via, "the file copied as $defs/%s has %s, which would change what the references around it mean", name, k)
		}
	}
	if d, has := obj["$schema"].(string); has && d != in.dialect && !(in.dialect == "" && isDraft2020(d)) {
		in.issue("", via, "the file copied as $defs/%s has $schema %q, not the root's", name, d)
	}
	out := in.object(obj, u, "", via).(map[string]any)
	delete(out, "$schema")
	return out
}

// isDraft2020 reports whether a $schema value names draft 2020-12, the
// default dialect.
func isDraft2020(s string) bool {
	s = strings.TrimSuffix(strings.TrimSuffix(s, "#"), "/")
	return s == "https://json-schema.org/draft/2020-12/schema"
}

// issue records an issue at via (or at p, when the value is TOOL.md's own).
func (in *inliner) issue(p, via, format string, args ...any) {
	at := p
	if via != "" {
		at = via
	}
	in.issues = append(in.issues, SchemaIssue{Pointer: at, Msg: fmt.Sprintf(format, args...)})
}
