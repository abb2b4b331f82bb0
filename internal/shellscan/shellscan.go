// Package shellscan finds where a shell script reads its own stdin. It splits
// the script into simple commands the way the shell does (quotes, comments,
// pipes, command substitutions, redirections, heredocs) without executing
// anything, and then asks of each command whether its stdin is the script's.
// The stdin-twice rule (package lint) reports a script that reads it twice.
package shellscan

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
)

var shellShebang = regexp.MustCompile(`\b(?:ba|z|da|k)?sh\b`)

// shellExtensions are the extensions of shell implementations.
var shellExtensions = []string{".sh", ".bash", ".zsh"}

// IsShell reports whether an implementation is a shell script, by its
// extension (ext, with its dot) or by the #! line of its head.
func IsShell(ext string, head []byte) bool {
	if slices.Contains(shellExtensions, ext) {
		return true
	}
	if !bytes.HasPrefix(head, []byte("#!")) {
		return false
	}
	line, _, _ := bytes.Cut(head, []byte("\n"))
	return shellShebang.Match(line)
}

// shellWord is one word of a simple command.
type shellWord struct {
	text string // with quotes removed (substitutions left as they are)
	off  int    // byte offset of its first character in the script
}

// shellCommand is one simple command.
type shellCommand struct {
	words []shellWord // name and arguments; redirection targets are not words
	// piped: its stdin is the previous command's stdout.
	piped bool
	// stdinRedirected: <, << or <<< give it another stdin.
	stdinRedirected bool
	// heredoc: its stdin is a heredoc (a special case of stdinRedirected),
	// whose text is filled in when the scanner passes it.
	heredoc     bool
	heredocText *string
	// fromDevStdin: < /dev/stdin.
	fromDevStdin bool
	// at is where a finding about the command points: the start of the
	// command substitution it opens, or its name.
	at int
	// start is the offset of its first word or redirection; -1 before.
	start int
}

// interpreters that run a script given as "-" or with -c.
var scriptInterpreters = []string{"python", "python3", "node", "ruby", "perl", "php", "bash", "sh", "zsh", "dash", "ksh"}

// stdinMarkers in -c code mean the code reads stdin.
var stdinMarkers = []string{"sys.stdin", "process.stdin", "STDIN", "$stdin", "/dev/stdin", "fs.readFileSync(0"}

// shellKeywords may stand before a command's name.
var shellKeywords = []string{"if", "then", "else", "elif", "do", "while", "until", "!", "{", "time", "exec", "command", "builtin"}

// StdinReads returns the byte offsets at which a shell script reads its
// stdin, in order.
func StdinReads(script []byte) []int {
	var out []int
	for _, c := range scanShell(script) {
		if c.readsScriptStdin() {
			out = append(out, c.at)
		}
	}
	return out
}

// readsScriptStdin: cat, jq or an interpreter reading the stdin the script
// was given (not a pipe, a file or a here-document), and an interpreter fed
// its program as a heredoc on "-" (whose own reads of stdin then find
// nothing: the pitfall the convention records).
func (c *shellCommand) readsScriptStdin() bool {
	name, args := c.name()
	if name == "" {
		return c.fromDevStdin
	}
	own := !c.piped && (!c.stdinRedirected || c.fromDevStdin)
	switch {
	case name == "cat":
		for _, a := range args {
			if a := a.text; a != "-" && a != "/dev/stdin" && !strings.HasPrefix(a, "-") {
				return false
			}
		}
		return own
	case name == "jq":
		return own && jqReadsStdin(args)
	case slices.Contains(scriptInterpreters, name):
		for i, a := range args {
			a := a.text
			if a == "-" || a == "-s" {
				if c.heredoc {
					// The program comes from the heredoc; it finds nothing
					// when it reads stdin.
					return c.heredocText != nil && containsAny(*c.heredocText, stdinMarkers)
				}
				return own
			}
			if a == "-c" || a == "-e" {
				code := ""
				if i+1 < len(args) {
					code = args[i+1].text
				}
				return own && containsAny(code, stdinMarkers)
			}
			if !strings.HasPrefix(a, "-") {
				return false // runs a script file
			}
		}
		return false
	}
	return false
}

// jqOptionArgs is how many arguments each jq option that takes some takes.
var jqOptionArgs = map[string]int{
	"--arg": 2, "--argjson": 2, "--slurpfile": 2, "--rawfile": 2,
	"-L": 1, "--indent": 1, "-f": 1, "--from-file": 1,
}

// jqReadsStdin says whether jq with these arguments reads its stdin: not with
// -n (--null-input, or n among combined short options: -cn, -nr), nor with
// more than its filter given as words (the rest are input files); the
// arguments of options such as --arg name value are neither.
func jqReadsStdin(args []shellWord) bool {
	words, fromFile := 0, false
	for i := 0; i < len(args); i++ {
		a := args[i].text
		switch {
		case a == "--null-input":
			return false
		case a == "--":
			words += len(args) - i - 1
			i = len(args)
		case strings.HasPrefix(a, "--"):
			i += jqOptionArgs[a]
			fromFile = fromFile || a == "--from-file"
		case strings.HasPrefix(a, "-") && len(a) > 1:
			if strings.ContainsRune(a, 'n') {
				return false
			}
			// A bundle ending in f (-rf) takes the filter file next.
			if n, ok := jqOptionArgs["-"+a[len(a)-1:]]; ok {
				i += n
				fromFile = fromFile || strings.HasSuffix(a, "f")
			}
		default:
			words++
		}
	}
	if fromFile {
		return words == 0
	}
	return words <= 1
}

// name is the command's name (its first word after assignments and
// keywords, without a path) and its arguments.
func (c *shellCommand) name() (string, []shellWord) {
	i := 0
	for i < len(c.words) && (slices.Contains(shellKeywords, c.words[i].text) || isAssignment(c.words[i].text)) {
		i++
	}
	if i >= len(c.words) {
		return "", nil
	}
	name := c.words[i].text
	if j := strings.LastIndexByte(name, '/'); j >= 0 {
		name = name[j+1:]
	}
	return name, c.words[i+1:]
}

func isAssignment(w string) bool {
	eq := strings.IndexByte(w, '=')
	if eq <= 0 {
		return false
	}
	for _, r := range w[:eq] {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// shellScanner turns a script into simple commands.
type shellScanner struct {
	src []byte
	// text is src as a string: the texts of words and heredoc bodies are
	// its substrings when they can be.
	text string
	i    int
	cmds []shellCommand
	// words holds the words of the commands in cmds: each command's words
	// are a slice of it, copied from pending once the command ends.
	words []shellWord
	// pending is a stack of the words of the commands being read: those of
	// a command inside a command substitution lie above the words its
	// enclosing command has so far.
	pending []shellWord
	// built is a stack of the texts of the words being read that are not
	// one run of the script (quotes removed inside, a substitution): a word
	// inside a command substitution builds above its enclosing word.
	built []byte
	// heredocs waiting for the end of the current line: their delimiters.
	pendingHeredocs []heredocEnd
	// backquoted is true inside `...`, where a backquote closes.
	backquoted bool
}

type heredocEnd struct {
	word      string
	stripTabs bool
	text      *string // where the body goes
}

// scanShell splits a script into its simple commands, in order of their
// starts. Commands inside command substitutions are separate commands.
func scanShell(src []byte) []shellCommand {
	// About one command a line, as a first guess of their number.
	s := &shellScanner{src: src, text: string(src), cmds: make([]shellCommand, 0, bytes.Count(src, []byte{'\n'})+1)}
	s.commands(-1, -1)
	slices.SortStableFunc(s.cmds, func(a, b shellCommand) int { return a.at - b.at })
	return s.cmds
}

// commands scans commands until the end of the script or the closing byte
// (')' of $(...), '`' of `...`); at is where the first command's findings
// point (the start of the substitution) or -1.
func (s *shellScanner) commands(at int, closing int) {
	cur := shellCommand{start: -1}
	first := true
	// The words of cur are s.pending[base:].
	base := len(s.pending)
	finish := func(piped bool) {
		if words := s.pending[base:]; len(words) > 0 || cur.fromDevStdin {
			start := len(s.words)
			s.words = append(s.words, words...)
			cur.words = s.words[start:len(s.words):len(s.words)]
			switch {
			case first && at >= 0:
				cur.at = at
			case len(cur.words) > 0:
				cur.at = firstCommandWord(&cur)
			default:
				cur.at = cur.start
			}
			s.cmds = append(s.cmds, cur)
			first = false
		}
		s.pending = s.pending[:base]
		cur = shellCommand{start: -1, piped: piped}
	}
	for s.i < len(s.src) {
		b := s.src[s.i]
		switch {
		case closing >= 0 && int(b) == closing:
			s.i++
			finish(false)
			return
		case b == '\n':
			s.i++
			finish(false)
			s.skipHeredocs()
		case b == ' ' || b == '\t' || b == '\r':
			s.i++
		case b == '#':
			for s.i < len(s.src) && s.src[s.i] != '\n' {
				s.i++
			}
		case b == '|' && s.peek(1) == '|', b == '&' && s.peek(1) == '&', b == ';' && s.peek(1) == ';':
			s.i += 2
			finish(false)
		case b == '|':
			s.i++
			if s.peek(0) == '&' {
				s.i++
			}
			finish(true)
		case b == ';' || b == '&' || b == '(' || b == ')':
			if b == '&' && s.peek(1) == '>' { // &> file
				s.i += 2
				s.word()
				continue
			}
			s.i++
			finish(false)
		case b == '<' || b == '>' || (b >= '0' && b <= '9' && s.isRedirectAfterDigits()):
			if cur.start < 0 {
				cur.start = s.i
			}
			s.redirect(&cur)
		default:
			if cur.start < 0 {
				cur.start = s.i
			}
			if w, ok := s.word(); ok {
				s.pending = append(s.pending, w)
			} else {
				s.i++ // a byte no rule takes (a stray backquote): step over it
			}
		}
	}
	finish(false)
}

// firstCommandWord is the offset of the command's name (after keywords and
// assignments), or of its first word.
func firstCommandWord(c *shellCommand) int {
	for _, w := range c.words {
		if !slices.Contains(shellKeywords, w.text) && !isAssignment(w.text) {
			return w.off
		}
	}
	return c.words[0].off
}

func (s *shellScanner) peek(k int) byte {
	if s.i+k < len(s.src) {
		return s.src[s.i+k]
	}
	return 0
}

// isRedirectAfterDigits: "2>", "0<" and the like.
func (s *shellScanner) isRedirectAfterDigits() bool {
	j := s.i
	for j < len(s.src) && s.src[j] >= '0' && s.src[j] <= '9' {
		j++
	}
	return j < len(s.src) && (s.src[j] == '<' || s.src[j] == '>') && (s.i == 0 || isBlank(s.src[s.i-1]))
}

func isBlank(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == ';' || b == '|' || b == '&'
}

// redirect reads a redirection operator and its target.
func (s *shellScanner) redirect(cur *shellCommand) {
	fd := -1
	if s.src[s.i] >= '0' && s.src[s.i] <= '9' {
		fd = 0
		for s.src[s.i] >= '0' && s.src[s.i] <= '9' {
			fd = fd*10 + int(s.src[s.i]-'0')
			s.i++
		}
	}
	op := s.src[s.i]
	s.i++
	switch {
	case op == '<' && s.peek(0) == '<' && s.peek(1) == '<': // here-string
		s.i += 2
		cur.stdinRedirected = true
		s.word()
	case op == '<' && s.peek(0) == '<': // heredoc
		s.i++
		strip := false
		if s.peek(0) == '-' {
			strip = true
			s.i++
		}
		for s.peek(0) == ' ' || s.peek(0) == '\t' {
			s.i++
		}
		w, _ := s.word()
		cur.stdinRedirected, cur.heredoc = true, true
		if w.text != "" {
			cur.heredocText = new(string)
			s.pendingHeredocs = append(s.pendingHeredocs, heredocEnd{word: w.text, stripTabs: strip, text: cur.heredocText})
		}
	case op == '<':
		if s.peek(0) == '&' || s.peek(0) == '>' {
			s.i++
		}
		for s.peek(0) == ' ' || s.peek(0) == '\t' {
			s.i++
		}
		w, _ := s.word()
		if fd <= 0 {
			if w.text == "/dev/stdin" || w.text == "&0" || w.text == "0" {
				cur.fromDevStdin = true
			} else {
				cur.stdinRedirected = true
			}
		}
	default: // > >> >& >|
		for s.peek(0) == '>' || s.peek(0) == '&' || s.peek(0) == '|' {
			s.i++
		}
		for s.peek(0) == ' ' || s.peek(0) == '\t' {
			s.i++
		}
		s.word()
	}
}

// skipHeredocs skips the bodies of the heredocs opened on the line just
// ended.
func (s *shellScanner) skipHeredocs() {
	for _, h := range s.pendingHeredocs {
		bodyStart := s.i
		for s.i < len(s.src) {
			end := bytes.IndexByte(s.src[s.i:], '\n')
			line := s.src[s.i:]
			if end >= 0 {
				line = s.src[s.i : s.i+end]
				s.i += end + 1
			} else {
				s.i = len(s.src)
			}
			if h.stripTabs {
				line = bytes.TrimLeft(line, "\t")
			}
			if string(bytes.TrimRight(line, "\r")) == h.word {
				break
			}
		}
		*h.text = s.text[bodyStart:s.i]
	}
	s.pendingHeredocs = s.pendingHeredocs[:0]
}

// word reads one word: quotes are removed, and command substitutions inside
// it ($(...), `...`, also inside double quotes) are scanned as commands of
// their own.
func (s *shellScanner) word() (shellWord, bool) {
	w := shellWord{off: s.i}
	t := wordText{s: s, base: len(s.built)}
	inDouble := false
	for s.i < len(s.src) {
		c := s.src[s.i]
		switch {
		case c == '\\' && s.i+1 < len(s.src):
			t.add(s.i+1, s.i+2)
			s.i += 2
		case c == '\'' && !inDouble:
			end := bytes.IndexByte(s.src[s.i+1:], '\'')
			if end < 0 {
				t.add(s.i+1, len(s.src))
				s.i = len(s.src)
			} else {
				t.add(s.i+1, s.i+1+end)
				s.i += end + 2
			}
		case c == '"':
			inDouble = !inDouble
			s.i++
		case c == '$' && s.peek(1) == '(' && s.peek(2) != '(':
			start := s.i
			s.i += 2
			s.commands(start, ')')
			t.addString("$(...)")
		case c == '`' && s.backquoted:
			w.text = t.String()
			return w, s.i > w.off
		case c == '`':
			start := s.i
			s.i++
			s.backquoted = true
			s.commands(start, '`')
			s.backquoted = false
			t.addString("`...`")
		case inDouble:
			t.add(s.i, s.i+1)
			s.i++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == '&' || c == '|' || c == '<' || c == '>' || c == '(' || c == ')':
			w.text = t.String()
			return w, s.i > w.off
		default:
			t.add(s.i, s.i+1)
			s.i++
		}
	}
	w.text = t.String()
	return w, s.i > w.off
}

// wordText is the text of a word being read. While the text is one run of
// the script, src[lo:hi], it is a substring of the script's text; once it is
// not, it is built in s.built[base:].
type wordText struct {
	s       *shellScanner
	lo, hi  int
	base    int
	isBuilt bool
}

// add appends src[from:to] to the text.
func (t *wordText) add(from, to int) {
	switch {
	case from == to:
	case t.isBuilt:
		t.s.built = append(t.s.built, t.s.src[from:to]...)
	case t.lo == t.hi:
		t.lo, t.hi = from, to
	case t.hi == from:
		t.hi = to
	default:
		t.build()
		t.s.built = append(t.s.built, t.s.src[from:to]...)
	}
}

// addString appends a text that is not taken from the script.
func (t *wordText) addString(text string) {
	t.build()
	t.s.built = append(t.s.built, text...)
}

// build moves the text into s.built, if it is not there yet.
func (t *wordText) build() {
	if !t.isBuilt {
		t.isBuilt = true
		t.s.built = append(t.s.built[:t.base], t.s.src[t.lo:t.hi]...)
	}
}

// String returns the text and gives back its room in s.built.
func (t *wordText) String() string {
	if !t.isBuilt {
		return t.s.text[t.lo:t.hi]
	}
	text := string(t.s.built[t.base:])
	t.s.built = t.s.built[:t.base]
	return text
}
