package lint

import (
	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/machinetext"
	"github.com/speccify/speccify-lint/result"
)

var ruleMachineSpecific = &Rule{ID: "machine-specific", Severity: result.SeverityWarning, Category: "contract",
	Title: "the contract publishes text of one machine, person or network",
	Doc: "`speccify-lint export --format mcp` and `speccify-lint mcp` publish a contract's `name`, `description`, " +
		"`inputs` and `outputs` to every agent and client that lists the tools, and the examples document the tool " +
		"beside them: a path of the author's machine, an address, a secret or a host of the author's network there " +
		"is wrong for everyone else and, for a secret, a leak. This rule reads those fields and the examples' " +
		"titles and `input:` and `output:` lines as written, and reports: " +
		"(1) a home folder path: `/Users/NAME` or `/home/NAME` where no letter, digit, `/`, `.`, `~` or `-` comes " +
		"before it (so `fixtures/home/a.txt` is silent), or after `file://`, and `C:\\Users\\NAME` or " +
		"`C:/Users/NAME` (any drive, `\\\\` as JSON writes it, `Documents and Settings` too), unless NAME is a " +
		"placeholder (`user`, `username`, `you`, `your-name`, `yourname`, `me`, `name`, `someone`, `example`) or " +
		"a folder every machine has (`Shared`, `Public`, `Default`, `linuxbrew`); " +
		"(2) an e-mail address, unless its domain is reserved for examples (RFC 2606 and 6761: `example.com`, " +
		"`example.net`, `example.org` and their subdomains, and the top-level domains `example`, `test`, `invalid`, " +
		"`localhost`), its local part is `git` or a `:` follows it (`git@github.com:o/r` is a repository), or its " +
		"domain ends in a file extension (`icon@2x.png`) or is a private host (`deploy@ci.lan` is that host, (4)); " +
		"(3) what looks like a secret, never quoted in the message: an AWS access key id (`AKIA` or `ASIA` and 16 " +
		"capitals or digits, not ending in `EXAMPLE` as AWS's documentation's do), a GitHub token (`ghp_`, `gho_`, " +
		"`ghu_`, `ghs_`, `ghr_` and 36 or more letters or digits, `github_pat_`), a GitLab token (`glpat-`), a Slack " +
		"token (`xoxb-`, `xoxp-`, ...), a Stripe live key (`sk_live_`, `rk_live_`), a Google API key (`AIza` and " +
		"35 characters), an OpenAI or Anthropic key (`sk-` and 20 or more), each with at least 10 different " +
		"characters and a digit after its prefix (`ghp_xxxx...` is a placeholder); a private key " +
		"(`-----BEGIN ... PRIVATE KEY-----` followed by its base64 text, so that a description of the format is " +
		"silent); and a value of 8 or more letters, digits and `_-+/=.~` assigned with `=` or `:` to `api_key`, " +
		"`apikey`, `access_key`, `secret_key`, `client_secret`, `auth_token`, `access_token`, `token`, `secret`, " +
		"`password`, `passwd` or `pwd` (quoted or not, `-` for `_`, any case) that has a letter, a digit and " +
		"6 different characters, and says none of `example`, `sample`, `dummy`, `fake`, `placeholder`, " +
		"`redacted`, `changeme`, `your`, `xxx`; " +
		"(4) a private host: a name ending in `.local`, `.internal`, `.corp`, `.lan`, `.intranet` or " +
		"`.home.arpa` where a host is written (after `://`, `@`, a quote, a backquote or `: `, or before `:PORT` " +
		"or `/`; `threading.local()` is silent), and an address of the private ranges of RFC 1918 (`10.0.0.0/8`, " +
		"`172.16.0.0/12`, `192.168.0.0/16`) that is not written as a network (`10.0.0.0/8` itself is silent). " +
		"`localhost` and `127.0.0.1` are the same on every machine and are not reported. A warning: the author " +
		"knows whether the text is generic; replace it by a placeholder (`<home>/project`), an address or host " +
		"of `example.com`, an address of `192.0.2.0/24` (RFC 5737), or nothing, or suppress the finding with " +
		"the reason. The reference implementation's skill export (mhennemeyer/speccify, `find_suspects`) asks " +
		"its author the same about the text it bundles.",
	Example: "description: Reads /Users/alice/notes.txt and mails alice@acme.io.",
	Fix:     "description: Reads notes.txt in the tool folder and mails the address it is given.",
	static:  checkMachineSpecific}

// checkMachineSpecific reports the machine-specific text of the exported
// fields and the examples.
func checkMachineSpecific(c *toolCheck, rep reporter) {
	lines := c.spec.Lines
	c.spec.EachRegion(contract.PublishedFields, func(sp contract.Span) bool { return len(machinetext.Find(lines.Bytes(sp))) > 0 }, func(r contract.Region) {
		base := r.Span.Start.Offset
		for _, h := range machinetext.Find(lines.Bytes(r.Span)) {
			sp := contract.Span{Start: lines.Point(base + h.Start), End: lines.Point(base + h.End)}
			rep.withHelp("%s", h.Help).report(over(sp), r.Key(), "%s %s", subject(r), h.What)
		}
	})
}
