package report

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/speccify/speccify-lint/result"
)

// writeAzure renders Azure Pipelines logging commands: a
// "##vso[task.logissue ...]" line per internal error and per finding, in
// place order (type error for errors, warning for the rest, since Azure
// knows only those two), then the text summary line.
func writeAzure(b *bytes.Buffer, r *result.Result, opt Options) error {
	for _, e := range r.InternalErrors {
		fmt.Fprintf(b, "##vso[task.logissue type=error;]%s\n", escapeAzureData(commandText(toolName+": internal error: "+e)))
	}
	for _, it := range collect(r) {
		f := it.f
		typ := "warning"
		if f.Severity >= result.SeverityError {
			typ = "error"
		}
		fmt.Fprintf(b, "##vso[task.logissue type=%s;sourcepath=%s;linenumber=%d;columnnumber=%d;code=%s;]%s\n",
			typ, escapeAzureProperty(commandLine(f.File)), max(f.Line, 1), max(f.Column, 1),
			escapeAzureProperty(commandLine(f.Rule)), escapeAzureData(commandText(detail(it))))
	}
	writeTextSummary(b, r, false, opt.NotRun)
	return nil
}

// escapeAzureData escapes the message of a logging command the way the
// Azure Pipelines agent unescapes it.
func escapeAzureData(s string) string {
	return strings.NewReplacer("%", "%AZP25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeAzureProperty escapes a property value of a logging command.
func escapeAzureProperty(s string) string {
	return strings.NewReplacer("%", "%AZP25", "\r", "%0D", "\n", "%0A", "]", "%5D", ";", "%3B").Replace(s)
}
