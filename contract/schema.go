package contract

import (
	"errors"
	"fmt"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// SchemaIssue is a problem with a schema, or a value that fails a schema, at
// a JSON pointer (into the schema for compile problems, into the value for
// validation failures).
type SchemaIssue struct {
	Pointer string
	Msg     string
	// Want, when set, is the string the value at Pointer surely means: the
	// type name an unknown one is a typo or an abbreviation of ("string"
	// for "strng"), for an autofix.
	Want string
}

var englishPrinter = message.NewPrinter(language.English)

// maxSchemaFileSize bounds a schema file a $ref inside the tool folder names.
const maxSchemaFileSize = 1 << 20

// CompileSchema compiles a JSON Schema converted from the frontmatter field
// name (inputs or outputs) of the tool folder dir, whose os.Root is root (nil:
// no file is read). The default draft is
// 2020-12; $schema is honoured. Nothing is fetched: a $ref to http(s):// or
// file:// is an issue, and a relative $ref may only name a JSON file inside
// the tool folder, read through an os.Root of it. A $ref to nothing and a
// $ref cycle are issues at the $ref.
func CompileSchema(doc *JSONDoc, name string, root *os.Root, dir string) (*Schema, []SchemaIssue) {
	var read func(string) ([]byte, error)
	if root != nil {
		read = func(name string) ([]byte, error) { return readSchemaFile(root, name) }
	}
	return compileSchema(doc, name, read, dir, true)
}

// FolderFiles reads the file at a slash path relative to a tool folder
// that is not on disk (the folder at a git revision): its bytes as
// stored, or a *FolderFileError saying why it is not read.
type FolderFiles func(name string) ([]byte, error)

// FolderFileError says why FolderFiles did not read a file, completing
// "$ref NAME ..." ("is a symbolic link at the revision and is not read").
type FolderFileError struct {
	Why string
}

func (e *FolderFileError) Error() string { return e.Why }

// CompileSchemaFiles is CompileSchema for a tool folder that is not on
// disk: the files a relative $ref names (inside the folder only, as
// CompileSchema reads them) are read by files, at most 1 MiB each,
// normalised as a TOOL.md is. dir names the folder in addresses only.
func CompileSchemaFiles(doc *JSONDoc, name string, files FolderFiles, dir string) (*Schema, []SchemaIssue) {
	var read func(string) ([]byte, error)
	if files != nil {
		read = func(name string) ([]byte, error) {
			data, err := files(name)
			var fe *FolderFileError
			switch {
			case errors.As(err, &fe):
				return nil, &refFileError{Name: name, Why: fe.Why}
			case err != nil:
				return nil, &refFileError{Name: name, Why: "cannot be read: " + err.Error()}
			case len(data) > maxSchemaFileSize:
				return nil, &refFileError{Name: name, Why: fmt.Sprintf("names %s, which is %s, larger than the %s speccify-lint reads", name, byteSize(int64(len(data))), byteSize(maxSchemaFileSize))}
			}
			text, err := normalizeText(name, data)
			if fe, ok := err.(*FileError); ok {
				return nil, &refFileError{Name: name, Why: fmt.Sprintf("names %s, which %s", name, fe.Msg)}
			}
			return text, err
		}
	}
	return compileSchema(doc, name, read, dir, true)
}

// compileSchema compiles as CompileSchema does, reading the files a $ref
// names with read (nil: no file is read). share says whether the schema
// may be shared with other tools' (schemacache.go): the tests compare
// shared schemas with schemas compiled for one tool.
func compileSchema(doc *JSONDoc, name string, read func(string) ([]byte, error), dir string, share bool) (*Schema, []SchemaIssue) {
	if issues := remoteRefs(doc.Value); len(issues) > 0 {
		return nil, issues
	}
	proven := provablyValid2020(doc.Value)
	key, shared := "", false
	if proven && share {
		var sch *jsonschema.Schema
		sch, key, shared = sharedSchema(name, doc.Value)
		if sch != nil {
			loc := provenLoc(name)
			return &Schema{schema: sch, root: sch, loc: loc, doc: doc.Value, docs: map[string]any{loc: doc.Value}}, nil
		}
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		absDir = dir
	}
	loc := fileURL(filepath.Join(absDir, "TOOL.md."+name+".json"))
	if proven {
		// The library does not validate documents under json-schema.org
		// against the meta-schema (it takes them for meta-schemas); this one
		// is proven valid already, and all its $refs are local, so its
		// address does not matter, and its compiled form may be shared
		// (schemacache.go).
		loc = provenLoc(name)
	}
	c, docs, budget := newCompiler(read, absDir)
	docs[loc] = doc.Value
	names := schemaNames{loc: loc, name: name, dir: fileURL(absDir) + "/"}
	if err := c.AddResource(loc, doc.Value); err != nil {
		return nil, []SchemaIssue{{Msg: names.clean(err.Error())}}
	}
	sch, err := c.Compile(loc)
	if err != nil {
		return nil, compileIssues(err, names, doc.Value)
	}
	if issues := refCycleIssues(sch, names, doc.Value); len(issues) > 0 {
		return nil, issues
	}
	if shared && !budget.ecma {
		cacheSchema(key, sch)
	}
	return &Schema{schema: sch, root: sch, compiler: c, loc: loc, doc: doc.Value, docs: docs}, nil
}

// newCompiler returns the compiler of the schemas of the tool folder dir
// (absolute), whose files are read by read: draft 2020-12 unless $schema
// says otherwise, $ref targets read through read only. docs is filled with
// the documents of the folder it reads, by address; budget is the time
// budget of the ECMA-262 patterns it compiles.
func newCompiler(read func(string) ([]byte, error), dir string) (*jsonschema.Compiler, map[string]any, *patternBudget) {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	l := &folderLoader{read: read, dir: dir, docs: map[string]any{}}
	c.UseLoader(l)
	budget := &patternBudget{}
	c.UseRegexpEngine(budget.compile)
	return c, l.docs, budget
}

// provenSchemaBase is the address of schemas provablyValid2020 accepted.
const provenSchemaBase = "https://json-schema.org/speccify-lint/proven/"

// provenLoc is the address of the schema of the field name (inputs or
// outputs) that provablyValid2020 accepted.
func provenLoc(name string) string {
	switch name {
	case "inputs":
		return provenSchemaBase + "inputs.json"
	case "outputs":
		return provenSchemaBase + "outputs.json"
	}
	return provenSchemaBase + name + ".json"
}

// Schema is a compiled inputs or outputs schema: the one schema model of
// the linter. The rules validate with it; explore generates values from
// its compiled form (Compiled, Keyword) and names the failures of a value
// through its typed violations (Violations).
type Schema struct {
	schema *jsonschema.Schema
	root   *jsonschema.Schema // the compiled schema of the whole document
	// compiler compiled schema; nil when schema is shared between tools
	// (schemacache.go), whose own compiler is not kept.
	compiler *jsonschema.Compiler
	loc      string
	doc      any            // the schema value from TOOL.md
	docs     map[string]any // the documents by address: TOOL.md's and the folder's files read
}

// Compiled is the compiled schema: every keyword with exact numbers
// (*big.Rat bounds), every $ref, $dynamicRef and $recursiveRef resolved
// (inside the document, to the JSON files of the tool folder, by $anchor
// and $id) to the compiled schema it names. Nothing may change it.
func (s *Schema) Compiled() *jsonschema.Schema { return s.schema }

// Keyword returns the value of the keyword k of sub, a schema reached
// from Compiled, as written in its document (see Raw): for what the
// compiled schema does not keep, such as a format that is an annotation
// (draft 2019-09 and later), not an assertion. ok is false when sub has no
// such keyword or its document is not one of the tool's.
func (s *Schema) Keyword(sub *jsonschema.Schema, k string) (v any, ok bool) {
	raw, _ := s.Raw(sub)
	obj, ok := raw.(map[string]any)
	if !ok {
		return nil, false
	}
	v, ok = obj[k]
	return v, ok
}

// Raw returns sub, a schema reached from Compiled, as written in its
// document: TOOL.md's schema or a JSON file of the tool folder; ok is false
// for a schema of another document (a meta-schema).
func (s *Schema) Raw(sub *jsonschema.Schema) (v any, ok bool) {
	docURL, frag, _ := strings.Cut(sub.Location, "#")
	doc, ok := s.doc, docURL == s.loc
	if !ok {
		doc, ok = s.docs[docURL]
	}
	if !ok {
		return nil, false
	}
	if p, err := url.PathUnescape(frag); err == nil {
		frag = p
	}
	v = valueAt(doc, frag)
	return v, v != nil
}

// Sub compiles the subschema at a JSON pointer of the schema document, such
// as "/properties/ok"; $refs inside it resolve as in the whole schema.
func (s *Schema) Sub(pointer string) (*Schema, error) {
	if name, ok := strings.CutPrefix(pointer, "/properties/"); ok && !strings.ContainsAny(name, "/~%") {
		// The library compiled it with the whole schema: the
		// *jsonschema.Schema its Compile returns for the pointer.
		if sub, ok := s.root.Properties[name]; ok {
			return &Schema{schema: sub, root: s.root, compiler: s.compiler, loc: s.loc, doc: s.doc, docs: s.docs}, nil
		}
	}
	c := s.compiler
	if c == nil {
		// A shared schema: compile the pointer with a compiler of this
		// document alone (it has no $ref to a file).
		c, _, _ = newCompiler(nil, "")
		if err := c.AddResource(s.loc, s.doc); err != nil {
			return nil, err
		}
	}
	sub, err := c.Compile(s.loc + "#" + pointer)
	if err != nil {
		return nil, err
	}
	return &Schema{schema: sub, root: s.root, compiler: c, loc: s.loc, doc: s.doc, docs: s.docs}, nil
}

// SameAs reports whether s and o were compiled from the same documents:
// equal schema values from TOOL.md and equal files read for their $refs
// (by path relative to the tool folder). Two such schemas admit the same
// values, whatever else differs in their TOOL.md.
func (s *Schema) SameAs(o *Schema) bool {
	if s == nil || o == nil || !reflect.DeepEqual(s.doc, o.doc) || len(s.docs) != len(o.docs) {
		return false
	}
	rel := func(sch *Schema) map[string]any {
		dir, _, _ := strings.Cut(sch.loc, "TOOL.md.")
		m := make(map[string]any, len(sch.docs))
		for k, v := range sch.docs {
			m[strings.TrimPrefix(k, dir)] = v
		}
		return m
	}
	return reflect.DeepEqual(rel(s), rel(o))
}

// Validate validates the value v: nil, a *jsonschema.ValidationError, or a
// *PatternTimeoutError when a pattern took too long to match a string of v
// (nothing is known about v then).
func (s *Schema) Validate(v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			pt, ok := r.(*patternTimeout)
			if !ok {
				panic(r)
			}
			err = &PatternTimeoutError{Pattern: pt.pattern, Pointer: patternPointer(s.doc, "", pt.pattern), Length: pt.length, Total: pt.total}
		}
	}()
	return s.schema.Validate(v)
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
	return anyMember(v, func(k string, val any) bool {
		s, ok := val.(string)
		return ok && isRefKeyword(k) && !strings.HasPrefix(s, "#")
	})
}

// anyMember reports whether an object anywhere in v has a member for which
// match is true. It walks v without building pointers or sorting keys.
func anyMember(v any, match func(k string, val any) bool) bool {
	switch v := v.(type) {
	case map[string]any:
		for k, val := range v {
			if match(k, val) || anyMember(val, match) {
				return true
			}
		}
	case []any:
		for _, item := range v {
			if anyMember(item, match) {
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
	walkRefs(v, ptr, func(at, k, ref string) {
		if msg := refIssue(k, ref); msg != "" {
			out = append(out, SchemaIssue{Pointer: at + "/" + escapePointer(k), Msg: msg})
		}
	})
	return out
}

// walkRefs calls fn for each reference string in v, the value at the JSON
// pointer ptr, in the order of the keys at every level: at is the pointer of
// the object holding the keyword k, ref its value.
func walkRefs(v any, ptr string, fn func(at, k, ref string)) {
	switch v := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			switch val := v[k].(type) {
			case string:
				if isRefKeyword(k) {
					fn(ptr, k, val)
				}
			case map[string]any, []any:
				walkRefs(val, ptr+"/"+escapePointer(k), fn)
			}
		}
	case []any:
		for i, item := range v {
			switch item.(type) {
			case map[string]any, []any:
				walkRefs(item, ptr+"/"+strconv.Itoa(i), fn)
			}
		}
	}
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
		return fmt.Sprintf("%s %q is outside the tool folder and is not read%s", k, s, copyHint)
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

func fileURL(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// compileIssues turns a compile error of the schema value instance into
// issues at schema pointers.
func compileIssues(err error, names schemaNames, instance any) []SchemaIssue {
	var sve *jsonschema.SchemaValidationError
	if errors.As(err, &sve) {
		var ve *jsonschema.ValidationError
		if errors.As(sve.Err, &ve) {
			return typeNameIssues(ValidationIssues(ve, instance), instance)
		}
	}
	var lue *jsonschema.LoadURLError
	var rfe *refFileError
	if errors.As(err, &lue) && errors.As(lue.Err, &rfe) {
		return refFileIssues(rfe, names, lue.URL, instance)
	}
	if issues := danglingRefIssues(err, names, instance); len(issues) > 0 {
		return issues
	}
	ptr := ""
	msg := err.Error()
	// Most other errors name the schema location as URL#/pointer.
	if i := strings.Index(msg, names.loc+"#"); i >= 0 {
		rest := msg[i+len(names.loc)+1:]
		if j := strings.IndexAny(rest, "' \""); j >= 0 {
			rest = rest[:j]
		}
		ptr, _ = url.PathUnescape(rest)
	}
	var re *jsonschema.InvalidRegexError
	if errors.As(err, &re) {
		msg = fmt.Sprintf("invalid regular expression %q: %v", re.Regex, re.Err)
	}
	return []SchemaIssue{{Pointer: ptr, Msg: names.clean(msg)}}
}

// refFileIssues places a file a $ref names that was not read at the $refs
// of the schema value instance that name it, or at the top when a $ref in
// another file of the folder named it.
func refFileIssues(rfe *refFileError, names schemaNames, target string, instance any) []SchemaIssue {
	var issues []SchemaIssue
	for _, r := range refsTo(instance, names.loc, target, false) {
		issues = append(issues, SchemaIssue{Pointer: r.Pointer, Msg: fmt.Sprintf("%s %q %s", r.Keyword, r.Ref, rfe.Why)})
	}
	if len(issues) == 0 {
		issues = append(issues, SchemaIssue{Msg: fmt.Sprintf("a $ref in a file of the tool folder to %s %s", rfe.Name, rfe.Why)})
	}
	return issues
}

// danglingRefIssues places a $ref to a place that is not there (a JSON
// pointer or an anchor) at the $refs of the schema value instance that name
// it; none when err is another error, or no $ref of instance names it.
func danglingRefIssues(err error, names schemaNames, instance any) []SchemaIssue {
	var target, what string
	var pe *jsonschema.JSONPointerNotFoundError
	var ae *jsonschema.AnchorNotFoundError
	switch {
	case errors.As(err, &pe):
		target = pe.URL
		what = "there is nothing at %s"
	case errors.As(err, &ae):
		target = ae.Reference
		what = "no $anchor names %s"
	default:
		return nil
	}
	doc, frag, _ := strings.Cut(target, "#")
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	where := frag
	if doc != names.loc {
		where = names.clean(doc) + "#" + frag // another file of the folder
	}
	var issues []SchemaIssue
	for _, r := range refsTo(instance, names.loc, target, true) {
		issues = append(issues, SchemaIssue{Pointer: r.Pointer, Msg: fmt.Sprintf("%s %q leads nowhere: "+what, r.Keyword, r.Ref, where)})
	}
	return issues
}

// schemaNames turns the addresses the library knows the schemas of a tool
// folder by into the names a user knows them by.
type schemaNames struct {
	// loc is the address of the schema document from TOOL.md.
	loc string
	// name is that schema's field: inputs or outputs.
	name string
	// dir is the file:// address of the tool folder, with a trailing slash.
	dir string
}

// docPointer returns the JSON pointer in the schema from TOOL.md of the
// library's schema location loc (URL#pointer), and whether loc is in it.
func (n schemaNames) docPointer(loc string) (string, bool) {
	rest, ok := strings.CutPrefix(loc, n.loc+"#")
	if !ok {
		return "", false
	}
	ptr, err := url.PathUnescape(rest)
	if err != nil {
		return rest, true
	}
	return ptr, true
}

// refName names a schema location for a message as a $ref would: by "#"
// and its JSON pointer in the schema from TOOL.md, or by its file in the
// folder, "#" and its pointer.
func (n schemaNames) refName(loc string) string {
	if ptr, ok := n.docPointer(loc); ok {
		return "#" + ptr
	}
	return n.clean(loc)
}

// clean replaces the addresses in a library message: the TOOL.md schema's
// by its field name, the folder's files' by their paths in it.
func (n schemaNames) clean(msg string) string {
	msg = strings.ReplaceAll(msg, "'"+n.loc+"'", n.name)
	msg = strings.ReplaceAll(msg, "\""+n.loc+"\"", n.name)
	msg = strings.ReplaceAll(msg, n.loc, n.name)
	return strings.ReplaceAll(msg, n.dir, "")
}
