// Package citest reads output as the CI systems read their logs, for the
// tests that prove that nothing in speccify-lint's output but its own
// commands is a command to any of them. It is written from the systems'
// own rules, apart from package cilog, which it checks:
//
//   - Azure Pipelines' agent (Command.TryParse): the first "##vso[" in a
//     line, the first "]" after it, "area.event" and properties split at
//     ";" and "=", then the data; "%3B", "%0D", "%0A", "%5D" and "%AZP25"
//     unescaped in that order.
//   - GitHub's runner: a workflow command when the line, its leading
//     blanks trimmed, starts with "::" (ActionCommand.TryParseV2: name and
//     properties up to the next "::", properties split at "," and "=",
//     "%0D" "%0A" "%3A" "%2C" "%25" unescaped), and a legacy command
//     wherever "##[" is in the line (ActionCommand.TryParse).
//   - TeamCity: "##teamcity[" anywhere in a line, then the message name and
//     either one 'value' or name='value' attributes, values escaped with
//     "|" (|' || |[ |] |n |r |x |l |p |0xNNNN), up to the closing "]".
//
// The .NET agents split lines at "\n", "\r" and "\r\n" and compare
// culture-sensitively, which skips ignorable characters; JetBrains' Python
// reader splits lines as Python's str.splitlines does. Every line is read
// under each splitting, as it is and with its ignorable characters
// removed, and a command found in any reading counts.
package citest

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Command is a command a CI system reads in a line.
type Command struct {
	// System is "azure", "github", "github-legacy" or "teamcity".
	System string
	// Line is the line as the system reads it.
	Line string
	// Name is the command ("task.logissue", "error", "inspection").
	Name string
	// Props are its properties, unescaped.
	Props map[string]string
	// Data is the text after the properties (Azure, GitHub), unescaped.
	Data string
	// Err says what is wrong with a command that does not parse to its end
	// (TeamCity: an unterminated value, an unknown escape, text after "]").
	Err error
}

func (c Command) String() string {
	return fmt.Sprintf("%s command %q in line %q", c.System, c.Name, c.Line)
}

// Commands returns every command a CI system reads in out, each once.
func Commands(out string) []Command {
	var cmds []Command
	seen := map[string]bool{}
	for _, line := range readings(out) {
		for _, c := range commandsOf(line) {
			if k := c.System + "\x00" + c.Line; !seen[k] {
				seen[k] = true
				cmds = append(cmds, c)
			}
		}
	}
	return cmds
}

// readings are the lines of out under each splitting, each as it is and
// without its ignorable characters.
func readings(out string) []string {
	var lines []string
	for _, l := range slices.Concat(dotnetLines(out), pythonLines(out)) {
		lines = append(lines, l)
		if s := strings.Map(dropIgnorable, l); s != l {
			lines = append(lines, s)
		}
	}
	return lines
}

// The line ends of .NET's (and Java's) ReadLine, and of Python's
// str.splitlines.
var (
	dotnetLineEnd = regexp.MustCompile("\r\n|\n|\r")
	pythonLineEnd = regexp.MustCompile("\r\n|[\n\r\v\f\x1c\x1d\x1e\u0085\u2028\u2029]")
)

// dotnetLines splits as .NET's (and Java's) ReadLine: at "\r\n", "\n", "\r".
func dotnetLines(s string) []string { return dotnetLineEnd.Split(s, -1) }

// pythonLines splits as Python's str.splitlines.
func pythonLines(s string) []string { return pythonLineEnd.Split(s, -1) }

// dropIgnorable removes what a culture-sensitive comparison skips: controls
// other than blanks and line ends, format characters, variation selectors
// and the other default-ignorable code points.
func dropIgnorable(r rune) rune {
	if (unicode.IsControl(r) && !unicode.IsSpace(r)) || unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point) {
		return -1
	}
	return r
}

// commandsOf reads one line as each system does.
func commandsOf(line string) []Command {
	var cmds []Command
	if i := strings.Index(line, "##vso["); i >= 0 {
		cmds = append(cmds, azure(line, i))
	}
	if t := strings.TrimLeftFunc(line, unicode.IsSpace); strings.HasPrefix(t, "::") {
		cmds = append(cmds, github(line, t))
	}
	if strings.Contains(line, "##[") {
		cmds = append(cmds, Command{System: "github-legacy", Line: line})
	}
	if i := strings.Index(line, "##teamcity["); i >= 0 {
		cmds = append(cmds, teamcity(line, i))
	}
	return cmds
}

// azure reads the Azure logging command at line[i:].
func azure(line string, i int) Command {
	c := Command{System: "azure", Line: line, Props: map[string]string{}}
	rest := line[i+len("##vso["):]
	rb := strings.IndexByte(rest, ']')
	if rb < 0 {
		c.Err = fmt.Errorf("no ]")
		return c
	}
	info := rest[:rb]
	c.Name, _, _ = strings.Cut(info, " ")
	if _, props, ok := strings.Cut(info, " "); ok {
		for _, p := range strings.Split(props, ";") {
			if k, v, ok := strings.Cut(p, "="); ok && k != "" && v != "" {
				c.Props[strings.ToLower(k)] = azureUnescape(v)
			}
		}
	}
	c.Data = azureUnescape(rest[rb+1:])
	return c
}

// azureUnescape undoes the agent's escaping, in its order.
func azureUnescape(s string) string {
	for _, r := range [][2]string{{"%3B", ";"}, {"%0D", "\r"}, {"%0A", "\n"}, {"%5D", "]"}, {"%AZP25", "%"}} {
		s = strings.ReplaceAll(s, r[0], r[1])
	}
	return s
}

// github reads the workflow command t (the line trimmed).
func github(line, t string) Command {
	c := Command{System: "github", Line: line, Props: map[string]string{}}
	end := strings.Index(t[2:], "::")
	if end < 0 {
		c.Err = fmt.Errorf("no \"::\" after the name")
		c.Name = t[2:]
		return c
	}
	info := t[2 : 2+end]
	c.Name, _, _ = strings.Cut(info, " ")
	if _, props, ok := strings.Cut(info, " "); ok {
		for _, p := range strings.Split(strings.TrimSpace(props), ",") {
			if k, v, ok := strings.Cut(p, "="); ok && k != "" && v != "" {
				c.Props[strings.ToLower(k)] = githubUnescape(v, true)
			}
		}
	}
	c.Data = githubUnescape(t[2+end+2:], false)
	return c
}

// githubUnescape undoes the runner's escaping of a property or of data.
func githubUnescape(s string, property bool) string {
	rs := [][2]string{{"%0D", "\r"}, {"%0A", "\n"}}
	if property {
		rs = append(rs, [2]string{"%3A", ":"}, [2]string{"%2C", ","})
	}
	for _, r := range append(rs, [2]string{"%25", "%"}) {
		s = strings.ReplaceAll(s, r[0], r[1])
	}
	return s
}

// teamcity reads the service message at line[i:].
func teamcity(line string, i int) Command {
	c := Command{System: "teamcity", Line: line, Props: map[string]string{}}
	s := line[i+len("##teamcity["):]
	n := strings.IndexFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == ']' })
	if n < 0 {
		c.Name, c.Err = s, fmt.Errorf("no ]")
		return c
	}
	c.Name, s = s[:n], s[n:]
	for {
		s = strings.TrimLeft(s, " \t")
		switch {
		case strings.HasPrefix(s, "]"):
			if rest := s[1:]; rest != "" {
				c.Err = fmt.Errorf("text after the message: %q", rest)
			}
			return c
		case strings.HasPrefix(s, "'"):
			v, rest, err := teamcityValue(s[1:])
			c.Data, s = v, rest
			if err != nil {
				c.Err = err
				return c
			}
		default:
			k, rest, ok := strings.Cut(s, "=")
			rest = strings.TrimLeft(rest, " \t")
			if !ok || k == "" || strings.ContainsAny(k, " '[]") || !strings.HasPrefix(rest, "'") {
				c.Err = fmt.Errorf("not an attribute: %q", s)
				return c
			}
			v, after, err := teamcityValue(rest[1:])
			if err != nil {
				c.Err = err
				return c
			}
			if _, dup := c.Props[k]; dup {
				c.Err = fmt.Errorf("attribute %s twice", k)
				return c
			}
			c.Props[k], s = v, after
		}
	}
}

// teamcityValue reads an escaped value up to its closing quote and returns
// it unescaped with what follows the quote.
func teamcityValue(s string) (string, string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\'':
			return b.String(), s[i+1:], nil
		case '[', ']':
			return "", "", fmt.Errorf("unescaped %q in a value", s[i])
		case '|':
			i++
			if i == len(s) {
				return "", "", fmt.Errorf("| at the end")
			}
			switch e := s[i]; e {
			case '\'', '|', '[', ']':
				b.WriteByte(e)
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 'x':
				b.WriteRune(0x85)
			case 'l':
				b.WriteRune(0x2028)
			case 'p':
				b.WriteRune(0x2029)
			case '0':
				if i+6 > len(s) || s[i+1] != 'x' {
					return "", "", fmt.Errorf("bad |0x escape")
				}
				n, err := strconv.ParseUint(s[i+2:i+6], 16, 16)
				if err != nil {
					return "", "", fmt.Errorf("bad |0x escape: %v", err)
				}
				b.WriteRune(rune(n))
				i += 5
			default:
				return "", "", fmt.Errorf("unknown escape |%c", e)
			}
		default:
			b.WriteByte(s[i])
		}
	}
	return "", "", fmt.Errorf("unterminated value")
}

// ownPrefix is the prefix of the commands of each format made of them, at
// the very start of a line, and the system that reads them.
var ownPrefix = map[string][2]string{
	"github":   {"::", "github"},
	"azure":    {"##vso[", "azure"},
	"teamcity": {"##teamcity[", "teamcity"},
}

// ownNames are the commands each format may issue.
var ownNames = map[string][]string{
	"github":   {"error", "warning", "notice", "stop-commands"},
	"azure":    {"task.logissue"},
	"teamcity": {"inspectionType", "inspection", "buildProblem"},
}

// Check reads out, the output of format, as every CI system would, and
// returns the format's own commands (lines of the github, azure or
// teamcity format that start with its command, each parsed to its end
// with no command in what it carries) and an error for every other
// command, and for an own command that is malformed.
func Check(format, out string) (own []Command, errs []error) {
	ownLines := map[string]bool{}
	if p, ok := ownPrefix[format]; ok {
		token := ""
		for _, line := range dotnetLines(out) {
			if !strings.HasPrefix(line, p[0]) {
				continue
			}
			c := commandsOf(line)
			i := slices.IndexFunc(c, func(c Command) bool { return c.System == p[1] })
			cmd := c[i]
			switch {
			case cmd.Err != nil:
				errs = append(errs, fmt.Errorf("%v: %v", cmd, cmd.Err))
			case format == "github" && cmd.Name == token && token != "":
			case !slices.Contains(ownNames[format], cmd.Name):
				errs = append(errs, fmt.Errorf("%v: not a command of the %s format", cmd, format))
			}
			if format == "github" && cmd.Name == "stop-commands" {
				token = cmd.Data
			}
			for _, r := range []string{line, strings.Map(dropIgnorable, line)} {
				if n := strings.Count(r, p[0]); n != 1 && format != "github" {
					errs = append(errs, fmt.Errorf("%v: %d commands in one line", cmd, n))
				}
				ownLines[r] = true
			}
			for k, v := range cmd.Props {
				for _, inner := range Commands(v) {
					errs = append(errs, fmt.Errorf("%v: property %s carries %v", cmd, k, inner))
				}
			}
			for _, inner := range Commands(cmd.Data) {
				errs = append(errs, fmt.Errorf("%v: its text carries %v", cmd, inner))
			}
			own = append(own, cmd)
		}
	}
	for _, c := range Commands(out) {
		if ownLines[c.Line] && c.System == ownPrefix[format][1] {
			continue
		}
		errs = append(errs, fmt.Errorf("%v is not one of the %s format's own", c, format))
	}
	return own, errs
}

// Issue is a command of the github, azure or teamcity format that reports
// a finding: its path and its text, as the CI system unescapes them.
type Issue struct {
	Command
	File, Text string
}

// Issues are the commands among own, those Check returned for format,
// that report a finding (GitHub's annotations with a file, Azure's
// logissue with a sourcepath, TeamCity's inspection); nil for the other
// formats.
func Issues(format string, own []Command) []Issue {
	var out []Issue
	for _, c := range own {
		switch {
		case format == "github" && c.Props["file"] != "":
			out = append(out, Issue{c, c.Props["file"], c.Data})
		case format == "azure" && c.Props["sourcepath"] != "":
			out = append(out, Issue{c, c.Props["sourcepath"], c.Data})
		case format == "teamcity" && c.Name == "inspection":
			out = append(out, Issue{c, c.Props["file"], c.Props["message"]})
		}
	}
	return out
}
