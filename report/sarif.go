package report

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"maps"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// sarifSchema is the $schema of the SARIF log: the URL GitHub's
// documentation shows (the SARIF Multitool accepts it; it rejects
// pre-release schema URLs).
const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// srcRoot is the uriBaseId every artifact location is relative to.
const srcRoot = "%SRCROOT%"

// writeSARIF renders a SARIF 2.1.0 log with one run, within GitHub code
// scanning's limits (see sarifLimits): when the findings do not fit, the run
// holds the errors first, records what it leaves out in its properties
// ("speccify-lint/omitted") and Options.Warn is told.
func writeSARIF(b *bytes.Buffer, r *result.Result, opt Options) error {
	// The suppressed findings follow the reported ones, as results with
	// suppressions; occurrences count the reported findings first, so that
	// theirs do not change, and a suppressed finding whose rule, folder and
	// key no other finding has keeps the fingerprint it had when it was
	// reported, which code scanning matches to its alert.
	items := append(collect(r), suppressedItems(r)...)
	// Fingerprints count occurrences over every finding, so that a finding
	// keeps its fingerprint whether or not others are left out.
	fps := fingerprints(items)
	limits := githubSARIFLimits
	if opt.sarifLimits != nil {
		limits = *opt.sarifLimits
	}
	sel, err := fitSARIF(b, items, opt, limits, func(b *bytes.Buffer, sel *sarifSelection) error {
		return renderSARIF(b, r, opt, items, fps, sel)
	})
	if err != nil {
		return err
	}
	if msg := sel.warning(len(items)); msg != "" && opt.Warn != nil {
		opt.Warn(msg)
	}
	return nil
}

// renderSARIF renders the SARIF log of the findings items of r that sel
// keeps; fps are the fingerprints of items.
func renderSARIF(b *bytes.Buffer, r *result.Result, opt Options, items []item, fps []fingerprint, sel *sarifSelection) error {
	var kept []item
	for i, it := range items {
		if sel.keep[i] {
			kept = append(kept, it)
		}
	}
	rules, index := sarifRules(opt, kept)

	driver := &sarif.ToolComponent{
		Name:           toolName,
		FullName:       ptr(strings.TrimSpace(toolName + " " + r.Version)),
		InformationURI: ptr(opt.informationURI()),
		Rules:          rules,
	}
	// fullName has the version as speccify-lint prints it ("v1.2.3",
	// "devel"); version starts with a digit (the SARIF Multitool wants one
	// that does, rule SARIF2005: "devel" is "0.0.0-devel"); semanticVersion
	// is there only when the version is a semantic version.
	if v, ok := numericVersion(r.Version); ok {
		driver.Version = ptr(v)
	}
	if v, ok := semanticVersion(r.Version); ok {
		driver.SemanticVersion = ptr(v)
	}

	run := sarif.NewRun(sarif.Tool{Driver: driver})
	// Columns count UTF-16 code units, as the parser reports them.
	run.ColumnKind = "utf16CodeUnits"
	run.AutomationDetails = &sarif.RunAutomationDetails{ID: ptr(opt.sarifAutomationID(r))}
	if base := rootURI(r.Root); base != "" {
		run.OriginalUriBaseIDs = map[string]*sarif.ArtifactLocation{srcRoot: {URI: ptr(base)}}
	}
	run.Invocations = []*sarif.Invocation{sarifInvocation(r, opt)}
	if x := r.Explore; x != nil {
		// The seed repeats the exploration: speccify-lint explore --seed.
		run.Properties = sarif.Properties{"speccify-lint/explore": map[string]any{
			"seed": x.Seed, "runs": x.Runs, "invalid": x.Invalid}}
	}
	if omitted := sel.property(); omitted != nil {
		if run.Properties == nil {
			run.Properties = sarif.Properties{}
		}
		run.Properties["speccify-lint/omitted"] = omitted
	}
	if r.Sandbox != "" {
		// Whether the runs were sealed by the kernel sandbox, or why not.
		if run.Properties == nil {
			run.Properties = sarif.Properties{}
		}
		run.Properties["speccify-lint/sandbox"] = r.Sandbox
	}

	for i, fp := range fps {
		if !sel.keep[i] {
			continue
		}
		it := items[i]
		res := &sarif.Result{
			RuleID:    ptr(it.f.Rule),
			RuleIndex: ptr(index[it.f.Rule]),
			Level:     ptr(severityLevel(it.f.Severity)),
			Message:   sarif.Message{Text: ptr(detail(it))},
			Locations: []*sarif.Location{sarifLocation(it.f.File, it.f.Line, it.f.Column)},
			PartialFingerprints: map[string]any{
				"primaryLocationLineHash": fp.lineHash(),
			},
		}
		if fix := sarifFix(it.f.Fix); fix != nil {
			res.Fixes = []*sarif.Fix{fix}
		}
		if sup := it.f.Suppression; sup != nil {
			res.Suppressions = []*sarif.Suppression{sarifSuppression(sup, r.Root, fp)}
		}
		if it.ex != nil && it.ex.Implementation != "" {
			loc := sarifLocation(it.ex.Implementation, 1, 0)
			loc.Id = ptr(uint(1))
			loc.Message = &sarif.Message{Text: ptr("implementation that ran the example")}
			res.RelatedLocations = []*sarif.Location{loc}
		}
		run.Results = append(run.Results, res)
	}

	log := &sarif.Report{
		Version: string(sarif.Version210),
		Schema:  sarifSchema,
		Runs:    []*sarif.Run{run},
	}
	enc := json.NewEncoder(b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(log)
}

// sarifRules describes every rule of the options, then (sorted by id) a
// generic description of each rule that findings name but the options lack,
// so that every result's ruleId is in tool.driver.rules. index maps rule ids
// to their position.
func sarifRules(opt Options, items []item) ([]*sarif.ReportingDescriptor, map[string]uint) {
	base := opt.informationURI()
	var descs []*sarif.ReportingDescriptor
	index := map[string]uint{}
	// documented rules link to their page; the others to the project's.
	add := func(r *lint.Rule, documented bool) {
		if r == nil || r.ID == "" {
			return
		}
		if _, dup := index[r.ID]; dup {
			return
		}
		helpURI := base
		if documented {
			helpURI = r.DocURL()
		}
		index[r.ID] = uint(len(descs))
		descs = append(descs, sarifRule(r, helpURI))
	}
	for _, r := range opt.rules() {
		add(r, true)
	}
	// The level of an undocumented rule is that of its first finding.
	missing := map[string]result.Severity{}
	for _, it := range items {
		if _, ok := index[it.f.Rule]; !ok {
			if _, seen := missing[it.f.Rule]; !seen {
				missing[it.f.Rule] = it.f.Severity
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(missing)) {
		add(undocumentedRule(id, missing[id]), false)
	}
	if descs == nil {
		descs = []*sarif.ReportingDescriptor{}
	}
	return descs, index
}

// undocumentedRule stands for a rule that findings name but Options.Rules
// lacks; severity is that of its first finding.
func undocumentedRule(id string, severity result.Severity) *lint.Rule {
	return &lint.Rule{
		ID:       id,
		Severity: severity,
		Category: "other",
		Title:    "Findings of the rule " + id,
		Doc:      "This build of speccify-lint reported findings of the rule " + id + " but has no documentation for it.",
	}
}

// sarifRule is the reportingDescriptor of a rule whose documentation is at
// helpURI.
func sarifRule(r *lint.Rule, helpURI string) *sarif.ReportingDescriptor {
	title := cmp.Or(r.Title, r.ID)
	doc := cmp.Or(r.Doc, title)
	props := sarif.Properties{"tags": r.Tags()}
	if r.Autofix != result.NoFix {
		// The rule's findings carry a fix of this safety (result.fixes).
		props["autofix"] = r.Autofix.String()
	}
	return &sarif.ReportingDescriptor{
		ID:               r.ID,
		Name:             ptr(ruleName(r.ID)),
		ShortDescription: &sarif.MultiformatMessageString{Text: ptr(title)},
		FullDescription:  &sarif.MultiformatMessageString{Text: ptr(doc)},
		DefaultConfiguration: &sarif.ReportingConfiguration{
			Level: severityLevel(r.Severity),
		},
		HelpURI: ptr(helpURI),
		Help: &sarif.MultiformatMessageString{
			Text:     ptr(doc),
			Markdown: ptr("**" + title + "**\n\n" + doc + "\n\n[Documentation of `" + r.ID + "`](" + helpURI + ")"),
		},
		Properties: props,
	}
}

// sarifFix is a finding's fix as a SARIF fix: one artifactChange of the
// fix's file, a replacement per edit (deletedRegion in lines and columns as
// the results count them, an empty region for an insertion; insertedContent
// with LF line endings). A conversion to LF replaces the whole file's bytes
// (byteOffset 0, byteLength its size) with the converted text, both from the
// fix (result.Fix.Size and Text; no fix when the model lacks them, as in a
// report merged from JSON). SARIF has no way to delete a file
// (artifactChange replaces content only): a fix that deletes its file is
// left out; nil when there is no fix to write.
func sarifFix(fix *result.Fix) *sarif.Fix {
	if fix == nil || fix.Delete {
		return nil
	}
	change := &sarif.ArtifactChange{ArtifactLocation: sarif.ArtifactLocation{URI: ptr(relativeURI(fix.File)), URIBaseId: ptr(srcRoot)}}
	for _, e := range fix.Edits {
		change.Replacements = append(change.Replacements, &sarif.Replacement{
			DeletedRegion: sarif.Region{StartLine: ptr(e.Start.Line), StartColumn: ptr(e.Start.Column),
				EndLine: ptr(e.End.Line), EndColumn: ptr(e.End.Column)},
			InsertedContent: &sarif.ArtifactContent{Text: ptr(e.New)},
		})
	}
	if fix.ToLF {
		if len(fix.Edits) > 0 || fix.Text == "" {
			return nil // the edits and the whole file would be two replacements of one region
		}
		change.Replacements = append(change.Replacements, &sarif.Replacement{
			DeletedRegion:   sarif.Region{ByteOffset: ptr(0), ByteLength: ptr(fix.Size)},
			InsertedContent: &sarif.ArtifactContent{Text: ptr(fix.Text)},
		})
	}
	if len(change.Replacements) == 0 {
		return nil
	}
	return &sarif.Fix{Description: &sarif.Message{Text: ptr(fix.Title)}, ArtifactChanges: []*sarif.ArtifactChange{change}}
}

// suppressedItems are the suppressed findings of r (Result.Suppressed), in
// their order (by place).
func suppressedItems(r *result.Result) []item {
	out := make([]item, len(r.Suppressed))
	for i, f := range r.Suppressed {
		out[i] = item{f: f}
	}
	return out
}

// sarifSuppression is a suppressed finding's suppression: kind inSource
// (a suppression comment, its reason the justification) or external (the
// baseline file), status accepted (the comment or the baseline is the
// repository's decision), located at the comment or the baseline's entry,
// with a GUID derived from the result's fingerprint fp and the kind, so
// that the same finding suppressed the same way keeps it. Every property
// is set: go-sarif writes an unset one as null, which the schema refuses.
func sarifSuppression(s *result.Suppression, root string, fp fingerprint) *sarif.Suppression {
	justification := "recorded in the baseline file (--baseline)"
	if s.Kind == result.SuppressedInSource {
		justification = cleanLine(s.Justification)
	}
	loc := sarifLocation(s.File, s.Line, s.Column)
	if path.IsAbs(s.File) || len(s.File) >= 3 && s.File[1] == ':' && s.File[2] == '/' {
		// A baseline file outside the root: its own file URI.
		loc.PhysicalLocation.ArtifactLocation = &sarif.ArtifactLocation{URI: ptr(fileURI(s.File))}
	}
	return sarif.NewSuppression(s.Kind).WithStatus("accepted").WithLocation(loc).
		WithGuid(guidOf(s.Kind + "\x00" + fp.lineHash())).WithJustifcation(justification)
}

// fileURI is the file URI of the absolute slash path p.
func fileURI(p string) string {
	if len(p) >= 2 && p[1] == ':' { // a Windows drive path
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// guidOf is a GUID that the same s always gives: the first 16 bytes of the
// SHA-256 of s with the version and variant bits of a name-based UUID
// (version 5, RFC 9562), since the SARIF schema's guid pattern takes
// versions 1 to 5 only.
func guidOf(s string) string {
	sum := sha256.Sum256([]byte(s))
	u := sum[:16]
	u[6] = u[6]&0x0f | 0x50 // version 5
	u[8] = u[8]&0x3f | 0x80 // the RFC's variant
	h := hex.EncodeToString(u)
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// sarifInvocation says whether speccify-lint itself succeeded and carries
// the notifications: internal errors (level error) and skips (level note).
func sarifInvocation(r *result.Result, opt Options) *sarif.Invocation {
	inv := &sarif.Invocation{
		ExecutionSuccessful: ptr(len(r.InternalErrors) == 0 && !r.Interrupted),
	}
	note := func(level, text string, loc *sarif.Location) {
		n := &sarif.Notification{Level: level, Message: &sarif.Message{Text: ptr(text)}}
		if loc != nil {
			n.Locations = []*sarif.Location{loc}
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	for _, e := range r.InternalErrors {
		note("error", "internal error: "+cleanText(e), nil)
	}
	if r.Interrupted {
		note("error", "the run was interrupted; the results are incomplete", nil)
	}
	switch {
	case r.Explore != nil:
		for _, i := range toolOrder(r) {
			if t := &r.Tools[i]; t.Explore != nil && t.Explore.Skipped != "" {
				note("note", t.Dir+" not explored: "+cleanText(t.Explore.Skipped), sarifLocation(t.Spec, 1, 0))
			}
		}
	case !r.Ran:
		note("note", "the examples were not run", nil)
	default:
		for _, i := range toolOrder(r) {
			t := &r.Tools[i]
			if t.Skipped != "" {
				note("note", "examples of "+t.Dir+" skipped: "+cleanText(t.Skipped), sarifLocation(t.Spec, 1, 0))
				continue
			}
			for _, e := range t.Examples {
				if e.Status == result.StatusSkipped {
					note("note", "example "+quote(e.Title)+" of "+t.Dir+" skipped: "+cleanText(e.SkipReason), sarifLocation(t.Spec, e.Line, 0))
				}
			}
		}
	}
	inv.Properties = sarifStatuses(r)
	if !opt.NoTimestamps {
		inv.EndTimeUTC = ptr(opt.now())
	}
	return inv
}

// sarifStatuses are the invocation's properties that give each tool's
// status (lint.ToolStatus), which a SARIF result cannot carry (a tool that
// passed has none): "speccify-lint/tool-statuses", the count of each
// status as the JSON report's summary has them, and "speccify-lint/tools",
// the tool folders that have a status, in report order, each with it.
func sarifStatuses(r *result.Result) sarif.Properties {
	tools := []map[string]string{}
	for _, i := range toolOrder(r) {
		if t := &r.Tools[i]; t.Status != "" {
			tools = append(tools, map[string]string{"dir": t.Dir, "status": string(t.Status)})
		}
	}
	return sarif.Properties{"speccify-lint/tool-statuses": summary(r).Statuses, "speccify-lint/tools": tools}
}

// sarifLocation is a location in a root-relative file.
func sarifLocation(file string, line, col int) *sarif.Location {
	region := &sarif.Region{StartLine: ptr(max(line, 1))}
	if col > 0 {
		region.StartColumn = ptr(col)
	}
	return &sarif.Location{PhysicalLocation: &sarif.PhysicalLocation{
		ArtifactLocation: &sarif.ArtifactLocation{URI: ptr(relativeURI(file)), URIBaseId: ptr(srcRoot)},
		Region:           region,
	}}
}

// relativeURI turns a root-relative slash path into an RFC 3986 relative
// reference: every byte but the unreserved characters and "/" is
// percent-encoded (so a ":" in the first segment cannot read as a scheme).
func relativeURI(p string) string {
	if p == "" {
		return "."
	}
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			c == '-', c == '.', c == '_', c == '~', c == '/':
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		}
	}
	return b.String()
}

// rootURI is the file URI of the root directory, ending in "/"; "" when the
// root is unknown.
func rootURI(root string) string {
	if root == "" {
		return ""
	}
	p := root
	if len(p) >= 2 && p[1] == ':' { // a Windows drive path
		p = "/" + strings.ReplaceAll(p, `\`, "/")
	}
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	u := url.URL{Scheme: "file", Path: p}
	return u.String()
}

// semverRE is the regular expression of semver.org.
var semverRE = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)` +
	`(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?` +
	`(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`)

// semanticVersion is version without its leading "v" when that is a
// semantic version ("v1.2.3" → "1.2.3"); ok is false for any other version
// ("devel", "v1.2").
func semanticVersion(version string) (string, bool) {
	v := strings.TrimPrefix(version, "v")
	return v, semverRE.MatchString(v)
}

// numericVersion is the semantic version of version, or for any other
// version a pre-release of 0.0.0 ("devel" and "(devel)" → "0.0.0-devel");
// ok is false only for "".
func numericVersion(version string) (string, bool) {
	if version == "" {
		return "", false
	}
	if v, ok := semanticVersion(version); ok {
		return v, true
	}
	// One pre-release identifier: [0-9A-Za-z-], with a letter so that
	// leading zeros are allowed.
	id := strings.Trim(strings.Map(func(r rune) rune {
		if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return r
		}
		return '-'
	}, version), "-")
	if !strings.ContainsFunc(id, unicode.IsLetter) {
		id = "dev-" + id
	}
	v := "0.0.0-" + strings.TrimSuffix(id, "-")
	return v, semverRE.MatchString(v)
}

// ruleName is the SARIF name of a rule: its id in CamelCase
// ("required-field" → "RequiredField"), with "Rule" after a one-word id
// ("schema" → "SchemaRule"), since SARIF wants a name that differs from the
// id (Multitool rule SARIF1001) and consumers such as Azure DevOps want
// every rule to have one.
func ruleName(id string) string {
	n := camelCase(id)
	if strings.EqualFold(n, id) {
		n += "Rule"
	}
	return n
}

// camelCase turns a rule id into a SARIF rule name: "required-field" →
// "RequiredField".
func camelCase(id string) string {
	var b strings.Builder
	up := true
	for _, r := range id {
		switch {
		case r == '-' || r == '_' || r == '.' || r == ' ' || r == '/':
			up = true
		case up:
			b.WriteString(strings.ToUpper(string(r)))
			up = false
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// quote is a title in double quotes, cleaned for one line.
func quote(s string) string { return `"` + cleanLine(s) + `"` }

func ptr[T any](v T) *T { return &v }
