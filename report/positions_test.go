package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/result"
)

// TestMergedReportPositions: a report read back from JSON (what merge
// reads) renders the rdjson and rdjsonl columns and suggestions of the
// result it was written from: the byte columns travel in the JSON
// (byte_column, start_byte_column and end_byte_column, only where they
// differ from the UTF-16 columns). A fix that converts a file to LF keeps
// its SARIF replacement only while the model has the file's text: the JSON
// leaves it out, and the SARIF of the report read back has no fix for it,
// the rest being the same.
func TestMergedReportPositions(t *testing.T) {
	r := fixResult(t)
	// The a after the é of "x: {d: é a, b}": UTF-16 column 10, byte column 11.
	r.Tools[0].Findings[0].Column, r.Tools[0].Findings[0].ByteColumn = 10, 11
	var js bytes.Buffer
	if err := Write(&js, "json", r, Options{NoTimestamps: true}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"byte_column": 11`, `"end_byte_column": 15`} {
		if !strings.Contains(js.String(), want) {
			t.Errorf("the JSON report lacks %s:\n%s", want, js.String())
		}
	}
	back, err := ReadJSON(&js)
	if err != nil {
		t.Fatal(err)
	}
	merged, err := Merge([]*result.Result{back})
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"rdjson", "rdjsonl"} {
		want := render(t, format, r, Options{NoTimestamps: true})
		if got := render(t, format, merged, Options{NoTimestamps: true}); !bytes.Equal(got, want) {
			t.Errorf("%s of the merged report:\n%s\nwant\n%s", format, got, want)
		}
	}
	whole := string(render(t, "sarif", r, Options{NoTimestamps: true}))
	got := string(render(t, "sarif", merged, Options{NoTimestamps: true}))
	if !strings.Contains(whole, `"byteLength": 20`) || strings.Contains(got, `"byteLength"`) {
		t.Errorf("want the fix to LF in the SARIF of the result only, not of the merged report:\n%s", got)
	}
}
