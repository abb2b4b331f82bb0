package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/speccify/speccify-lint/result"
)

// jsonReport is the JSON format: the schema version, then the Result's own
// fields in struct order.
type jsonReport struct {
	SchemaVersion int `json:"schema_version"`
	*result.Result
}

// writeJSON renders the complete model, indented by two spaces. Lists that
// the model always has are written as [] rather than null, durations are 0
// with NoTimestamps, and the summary is recounted from the content.
func writeJSON(b *bytes.Buffer, r *result.Result, opt Options) error {
	c := *r
	c.Summary = summary(r)
	c.Tools = make([]result.ToolResult, len(r.Tools))
	for i, t := range r.Tools {
		t.Duration = opt.duration(t.Duration)
		t.Implementations = nonNil(t.Implementations)
		t.Findings = nonNil(t.Findings)
		t.Examples = make([]result.ExampleResult, len(r.Tools[i].Examples))
		for j, e := range r.Tools[i].Examples {
			e.Duration = opt.duration(e.Duration)
			t.Examples[j] = e
		}
		if x := r.Tools[i].Explore; x != nil {
			t.Explore = exploreForJSON(x, opt)
		}
		c.Tools[i] = t
	}
	if r.Skills != nil {
		c.Skills = make([]result.SkillResult, len(r.Skills))
		for i, s := range r.Skills {
			s.Findings = nonNil(s.Findings)
			c.Skills[i] = s
		}
	}
	enc := json.NewEncoder(b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(jsonReport{SchemaVersion: result.SchemaVersion, Result: &c})
}

// exploreForJSON is x with its runs' durations as opt reports them.
func exploreForJSON(x *result.ExploreResult, opt Options) *result.ExploreResult {
	c := *x
	c.Properties = make([]result.PropertyResult, len(x.Properties))
	for i, p := range x.Properties {
		if ce := p.Counterexample; ce != nil {
			cc := *ce
			cc.Run.Duration = opt.duration(cc.Run.Duration)
			p.Counterexample = &cc
		}
		c.Properties[i] = p
	}
	return &c
}

// nonNil returns s, or an empty slice when s is nil.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// ReadJSON reads a report written in the "json" format back into a Result
// (for merging the reports of shards). It fails on a report of another
// schema_version than lint.SchemaVersion, and on trailing data.
func ReadJSON(r io.Reader) (*result.Result, error) {
	var doc struct {
		SchemaVersion *int `json:"schema_version"`
		result.Result
	}
	dec := json.NewDecoder(r)
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("reading JSON report: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("reading JSON report: unexpected data after the report")
	}
	switch {
	case doc.SchemaVersion == nil:
		return nil, fmt.Errorf("reading JSON report: no schema_version: not a speccify-lint JSON report")
	case *doc.SchemaVersion != result.SchemaVersion:
		return nil, fmt.Errorf("reading JSON report: schema_version %d, this speccify-lint reads %d", *doc.SchemaVersion, result.SchemaVersion)
	}
	return &doc.Result, nil
}
