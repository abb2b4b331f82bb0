package shellscan

import (
	"reflect"
	"testing"

	"github.com/speccify/speccify-lint/contract"
)

func at(line, col int) contract.Pos { return contract.Pos{Line: line, Column: col} }

// TestStdinReads: the places where a shell script reads its own stdin. A
// command whose stdin is a pipe, a heredoc, a here-string or a file does not
// read the script's stdin.
func TestStdinReads(t *testing.T) {
	tests := []struct {
		name, script string
		want         []contract.Pos
	}{
		{"command substitution", "in=$(cat)\n", []contract.Pos{at(1, 4)}},
		{"backquotes", "in=`cat`\n", []contract.Pos{at(1, 4)}},
		{"cat -", "in=$(cat -)\n", []contract.Pos{at(1, 4)}},
		{"cat /dev/stdin", "in=$( cat /dev/stdin )\n", []contract.Pos{at(1, 4)}},
		{"redirect from /dev/stdin", "in=$(< /dev/stdin)\n", []contract.Pos{at(1, 4)}},
		{"cat into a pipe", "cat | jq .ok\n", []contract.Pos{at(1, 1)}},
		{"cat into a file", "  cat > /tmp/in.json\n", []contract.Pos{at(1, 3)}},
		{"a heredoc script", "in=$(cat)\npython3 - <<EOF\nimport sys\nprint(sys.stdin.read())\nEOF\n", []contract.Pos{at(1, 4), at(2, 1)}},
		{"a heredoc script with flags", "x=1; python3 -u - <<'PY'\nimport sys; sys.stdin.read()\nPY\n", []contract.Pos{at(1, 6)}},
		// A heredoc program that takes the input as an argument reads no stdin.
		{"a heredoc script reading argv", "in=$(cat)\npython3 - \"$in\" <<'PY'\nimport sys; print(sys.argv[1])\nPY\n", []contract.Pos{at(1, 4)}},
		{"jq reading stdin twice", "a=$(jq -r .a)\nb=$(jq -r .b)\n", []contract.Pos{at(1, 3), at(2, 3)}},
		{"jq on a file", "a=$(jq -r .a in.json)\n", nil},
		{"jq -n", "in=$(cat)\nout=$(jq -n '{ok: true}')\n", []contract.Pos{at(1, 4)}},
		{"jq -cn: combined short options", "in=$(cat)\nout=$(jq -cn '{ok: true}')\n", []contract.Pos{at(1, 4)}},
		{"jq -nr", "in=$(cat)\njq -nr --arg v \"$in\" '$v'\n", []contract.Pos{at(1, 4)}},
		{"jq --null-input", "in=$(cat)\njq --null-input '1'\n", []contract.Pos{at(1, 4)}},
		{"jq -cr reads stdin", "in=$(cat)\njq -cr .a\n", []contract.Pos{at(1, 4), at(2, 1)}},
		{"jq --arg's value is no file", "in=$(cat)\njq --arg k v .a\n", []contract.Pos{at(1, 4), at(2, 1)}},
		{"jq -f reads stdin", "in=$(cat)\njq -f prog.jq\n", []contract.Pos{at(1, 4), at(2, 1)}},
		{"jq -rf on a file", "in=$(cat)\njq -rf prog.jq in.json\n", []contract.Pos{at(1, 4)}},
		{"python -c reading sys.stdin", "in=$(cat)\nif true; then python3 -c 'import sys; print(sys.stdin.read())'; fi\n", []contract.Pos{at(1, 4), at(2, 15)}},
		{"comments are not code", "# in=$(cat)\nx=1 # $(cat)\n", nil},
		{"a double-quoted substitution is code", "in=\"$(cat)\"\n", []contract.Pos{at(1, 5)}},
		{"heredoc bodies are not code", "cat <<EOF > /tmp/x\n$(cat)\nEOF\n", nil},
		{"cat of a file", "cat file.json | jq .\n", nil},
		// The script's stdin is not read when the command's stdin is
		// something else.
		{"heredoc into a file", "cat > /tmp/cfg.json <<EOF\n{}\nEOF\n", nil},
		{"heredoc into a file, dash form", "cat >/tmp/cfg.json <<-EOF\n\t{}\n\tEOF\n", nil},
		{"a piped cat", "echo \"$in\" | cat > /tmp/copy.json\n", nil},
		{"python -c fed by a pipe", "echo \"$in\" | python3 -c 'import sys, json; print(json.load(sys.stdin))'\n", nil},
		{"python -c fed by a pipe in a substitution", "r=$(printf %s \"$in\" | python3 -c 'import sys; print(sys.stdin.read())')\n", nil},
		{"python -c fed by a here-string", "python3 -c 'import sys; print(sys.stdin.read())' <<< \"$in\"\n", nil},
		{"single-quoted text is not code", "echo 'read stdin once: $(cat)'\n", nil},
		{"python -c fed by a file", "python3 -c 'import sys; print(sys.stdin.read())' < \"$f\"\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines := contract.NewLines([]byte(tt.script))
			var got []contract.Pos
			for _, off := range StdinReads([]byte(tt.script)) {
				got = append(got, lines.Offset(off))
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("stdin reads of\n%s= %v, want %v", tt.script, got, tt.want)
			}
		})
	}
}

// TestIsShell: a shell script by its extension or its #! line, and not a
// script whose #! line names another interpreter.
func TestIsShell(t *testing.T) {
	for _, tt := range []struct {
		ext, head string
		want      bool
	}{
		{".sh", "", true},
		{".zsh", "", true},
		{"", "#!/bin/bash\nset -e\n", true},
		{"", "#!/usr/bin/env dash\n", true},
		{"", "#!/usr/bin/env python3\n# sh\n", false},
		{".py", "", false},
		{"", "echo hi\n", false},
	} {
		if got := IsShell(tt.ext, []byte(tt.head)); got != tt.want {
			t.Errorf("IsShell(%q, %q) = %v, want %v", tt.ext, tt.head, got, tt.want)
		}
	}
}
