package lsp

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// neovimEnv names the Neovim that TestNeovimSnippets runs (default: nvim
// on the PATH).
const neovimEnv = "SPECCIFY_NVIM"

// neovimHarness drives a headless Neovim whose init.lua is the snippets of
// docs/editors.md: it waits for the diagnostics of the file opened, then,
// by mode, writes the file (the fix-all-on-save snippet) or writes a
// configuration file that disables yaml-split and edits the buffer (a
// change the editor does not report as a changed file: Neovim 0.10 on
// Linux watches none), and waits for the diagnostics to go. It writes what
// it saw as JSON to the file named by $HARNESS_OUT.
const neovimHarness = `
local out = { mode = vim.env.HARNESS_MODE }
local function count() return #vim.diagnostic.get(0) end
local ok, err = pcall(function()
  out.attached = vim.wait(30000, function() return count() > 0 end, 20)
  out.diagnostics = count()
  local client = vim.lsp.get_clients({ bufnr = 0, name = "speccify-lint" })[1]
  out.client = client ~= nil
  if vim.env.HARNESS_MODE == "save" then
    vim.cmd("write")
  else
    local f = assert(io.open(vim.env.HARNESS_CONFIG, "w"))
    f:write("disable: [yaml-split]\n")
    f:close()
    vim.api.nvim_buf_set_lines(0, -1, -1, false, { "" })
    out.cleared = vim.wait(30000, function() return count() == 0 end, 20)
    out.after = count()
  end
end)
out.error = not ok and tostring(err) or nil
local f = assert(io.open(vim.env.HARNESS_OUT, "w"))
f:write(vim.json.encode(out))
f:close()
vim.cmd("qa!")
`

// TestNeovimSnippets runs the Neovim snippets of docs/editors.md as they
// are written, in headless Neovim 0.10 or later with the real binary: the
// client starts on a TOOL.md and gets its diagnostics; a configuration file
// written meanwhile is applied at the next edit; and the fix-all-on-save
// snippet writes what speccify-lint --fix writes. Skipped when there is no
// such Neovim ($SPECCIFY_NVIM, else nvim on the PATH).
func TestNeovimSnippets(t *testing.T) {
	nvim := os.Getenv(neovimEnv)
	if nvim == "" {
		var err error
		if nvim, err = exec.LookPath("nvim"); err != nil {
			t.Skipf("no Neovim (nvim on the PATH, or $%s): %v", neovimEnv, err)
		}
	}
	version, err := exec.Command(nvim, "--version").Output()
	m := regexp.MustCompile(`^NVIM v(\d+)\.(\d+)`).FindSubmatch(version)
	if err != nil || m == nil {
		t.Skipf("%s --version: %v %q", nvim, err, version)
	}
	major, _ := strconv.Atoi(string(m[1]))
	minor, _ := strconv.Atoi(string(m[2]))
	if major == 0 && minor < 10 {
		t.Skipf("Neovim %s.%s: the snippets are for 0.10 or later", m[1], m[2])
	}
	doc, err := os.ReadFile("../docs/editors.md")
	if err != nil {
		t.Fatal(err)
	}
	section := string(doc)
	section = section[strings.Index(section, "\n## Neovim"):]
	section = section[:strings.Index(section[1:], "\n## ")+1]
	blocks := regexp.MustCompile("(?s)```lua\n(.*?)```").FindAllStringSubmatch(section, -1)
	if len(blocks) != 2 {
		t.Fatalf("docs/editors.md's Neovim section has %d Lua blocks, want 2 (start, fix all on save)", len(blocks))
	}
	var init strings.Builder
	for _, b := range blocks {
		init.WriteString(b[1])
	}
	bin := buildBinary(t)
	files := map[string]string{".agent/tools/split/TOOL.md": splitTool, ".agent/tools/split/linux.sh": okScript, ".git/HEAD": "ref: refs/heads/main\n"}
	fixed := writeTree(t, files)
	if out, err := exec.Command(bin, "--fix", "--root", fixed, fixed).CombinedOutput(); err != nil {
		t.Fatalf("speccify-lint --fix: %v\n%s", err, out)
	}
	want, err := os.ReadFile(filepath.Join(fixed, ".agent/tools/split/TOOL.md"))
	if err != nil {
		t.Fatal(err)
	}

	for _, mode := range []string{"config", "save"} {
		t.Run(mode, func(t *testing.T) {
			root := writeTree(t, files)
			home := t.TempDir()
			for name, text := range map[string]string{"init.lua": init.String(), "harness.lua": neovimHarness} {
				if err := os.WriteFile(filepath.Join(home, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			spec := filepath.Join(root, ".agent/tools/split/TOOL.md")
			result := filepath.Join(home, "result.json")
			cmd := exec.Command(nvim, "--headless", "-n", "-i", "NONE", "-u", filepath.Join(home, "init.lua"), spec, "-c", "luafile "+filepath.Join(home, "harness.lua"))
			cmd.Dir = root
			cmd.Env = append(os.Environ(),
				"PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"),
				"XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home, "XDG_STATE_HOME="+home, "XDG_CACHE_HOME="+home,
				"HARNESS_MODE="+mode, "HARNESS_OUT="+result, "HARNESS_CONFIG="+filepath.Join(root, ".speccify-lint.yaml"))
			var output bytes.Buffer
			cmd.Stdout, cmd.Stderr = &output, &output
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("nvim: %v\n%s", err, output.String())
				}
			case <-time.After(2 * time.Minute):
				_ = cmd.Process.Kill()
				t.Fatalf("nvim did not end\n%s", output.String())
			}
			data, err := os.ReadFile(result)
			if err != nil {
				t.Fatalf("the harness wrote nothing: %v\n%s", err, output.String())
			}
			var got struct {
				Attached, Client, Cleared bool
				Diagnostics, After        int
				Error                     string
			}
			if err := json.Unmarshal(data, &got); err != nil {
				t.Fatalf("%s: %v", data, err)
			}
			if got.Error != "" || !got.Attached || !got.Client || got.Diagnostics != 3 {
				t.Fatalf("the client on TOOL.md: %s", data)
			}
			switch mode {
			case "config":
				if !got.Cleared || got.After != 0 {
					t.Errorf("after disable: [yaml-split] was written and the buffer edited: %d diagnostics, want none (%s)", got.After, data)
				}
			case "save":
				saved, err := os.ReadFile(spec)
				if err != nil {
					t.Fatal(err)
				}
				if string(saved) != string(want) {
					t.Errorf("fix all on save wrote\n%s\n--fix writes\n%s", saved, want)
				}
			}
		})
	}
}
