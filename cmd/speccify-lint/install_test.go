package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"text/template"

	"go.yaml.in/yaml/v3"
)

// goreleaserConfig is what the tests read of .goreleaser.yaml.
type goreleaserConfig struct {
	Version     int
	ProjectName string `yaml:"project_name"`
	Builds      []struct {
		Main         string
		Binary       string
		Goos, Goarch []string
		Flags        []string
		Ldflags      []string
		ModTimestamp string `yaml:"mod_timestamp"`
	}
	Archives []struct {
		NameTemplate    string   `yaml:"name_template"`
		Formats         []string `yaml:"formats"`
		FormatOverrides []struct {
			Goos    string
			Formats []string
		} `yaml:"format_overrides"`
	}
	Checksum struct {
		NameTemplate string `yaml:"name_template"`
		Algorithm    string
	}
}

// readGoReleaserConfig reads the repository's .goreleaser.yaml.
func readGoReleaserConfig(t *testing.T) goreleaserConfig {
	t.Helper()
	var cfg goreleaserConfig
	if err := yaml.Unmarshal([]byte(readRepoFile(t, ".goreleaser.yaml")), &cfg); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// releaseAssets are the files a release publishes, as .goreleaser.yaml
// names them for one version.
type releaseAssets struct {
	// archives maps "os/arch" to the archive's file name.
	archives map[string]string
	// checksums is the name of the checksum file.
	checksums string
	// binary is the name of the program in the archives (without .exe).
	binary string
}

// goreleaserAssets renders the archive and checksum names of
// .goreleaser.yaml for version (without its "v"), the way GoReleaser does:
// its name templates are Go text/template templates over the project name,
// version, OS and architecture.
func goreleaserAssets(t *testing.T, version string) releaseAssets {
	t.Helper()
	cfg := readGoReleaserConfig(t)
	if len(cfg.Builds) != 1 || len(cfg.Archives) != 1 {
		t.Fatalf("%d builds and %d archives in .goreleaser.yaml; this test knows one of each", len(cfg.Builds), len(cfg.Archives))
	}
	render := func(text string, data map[string]string) string {
		tmpl, err := template.New("name").Option("missingkey=error").Parse(text)
		if err != nil {
			t.Fatalf("name template %q: %v (a template function GoReleaser has but text/template lacks? teach this test)", text, err)
		}
		var b strings.Builder
		if err := tmpl.Execute(&b, data); err != nil {
			t.Fatalf("name template %q: %v", text, err)
		}
		return b.String()
	}
	a := releaseAssets{archives: map[string]string{}, binary: cfg.Builds[0].Binary}
	arch := cfg.Archives[0]
	for _, goos := range cfg.Builds[0].Goos {
		formats := arch.Formats
		for _, o := range arch.FormatOverrides {
			if o.Goos == goos {
				formats = o.Formats
			}
		}
		if len(formats) != 1 {
			t.Fatalf("archive formats %v for %s; this test knows one", formats, goos)
		}
		for _, goarch := range cfg.Builds[0].Goarch {
			name := render(arch.NameTemplate, map[string]string{
				"ProjectName": cfg.ProjectName, "Version": version, "Os": goos, "Arch": goarch,
			})
			a.archives[goos+"/"+goarch] = name + "." + formats[0]
		}
	}
	a.checksums = render(cfg.Checksum.NameTemplate, map[string]string{"ProjectName": cfg.ProjectName, "Version": version})
	return a
}

// assetMention is a release file a text names: speccify-lint_ followed by
// the characters of a file name, a shell expansion or a <placeholder>.
var assetMention = regexp.MustCompile("speccify-lint_[A-Za-z0-9_.<>${}#-]+")

// checksumMention is a checksum file a text names: a word ending in SUMS or
// sums.txt, or checksum(s) with an extension (not the sha256sum command).
var checksumMention = regexp.MustCompile(`\b[A-Za-z0-9_.-]*(?:SUMS|sums\.txt|checksums?\.[a-z]+)\b`)

// TestDocsReleaseAssetNames: every release file the docs (README.md and
// docs/) name is one .goreleaser.yaml publishes. A name may stand for several with the
// placeholders X.Y.Z (a version), <os> and <arch>; a name with a shell
// expansion must be in a recipe TestDocsDownloadRecipes runs.
func TestDocsReleaseAssetNames(t *testing.T) {
	readme := allDocs(t)
	assets := goreleaserAssets(t, "1.0.0")
	names := slices.Collect(maps.Values(assets.archives))
	var scripts []string
	for _, r := range downloadRecipes(t, readme) {
		scripts = append(scripts, r.script)
	}
	recipes := strings.Join(scripts, "\n")
	for _, m := range assetMention.FindAllString(readme, -1) {
		if strings.Contains(m, "$") {
			if !strings.Contains(recipes, m) {
				t.Errorf("the docs name %s outside a download recipe TestDocsDownloadRecipes runs", m)
			}
			continue
		}
		pattern := regexp.QuoteMeta(strings.ReplaceAll(m, "X.Y.Z", "1.0.0"))
		pattern = strings.NewReplacer("<os>", "[a-z]+", "<arch>", "[a-z0-9]+").Replace(pattern)
		re := regexp.MustCompile("^" + pattern + "$")
		if !slices.ContainsFunc(names, re.MatchString) {
			t.Errorf("the docs name the release file %s, but the release publishes %v", m, slices.Sorted(slices.Values(names)))
		}
	}
	for _, m := range checksumMention.FindAllString(readme, -1) {
		if m != assets.checksums {
			t.Errorf("the docs name the checksum file %s, but the release publishes %s", m, assets.checksums)
		}
	}
}

// recipe is a script of the docs and the environment it runs in.
type recipe struct {
	script string
	env    map[string]string
}

// downloadRecipes are the scripts of the docs (the text of every page,
// allDocs) that download from a release: each fenced code block that names releases/download, and of a
// YAML block (a CI configuration) the script: of each step that does, with
// the configuration's variables as its environment.
func downloadRecipes(t *testing.T, readme string) []recipe {
	t.Helper()
	var out []recipe
	for _, b := range mdBlocks(readme) {
		if !strings.Contains(b.text, "/releases/download/") {
			continue
		}
		switch b.lang {
		case "sh", "bash", "shell":
			out = append(out, recipe{script: b.text})
		case "yaml", "yml":
			pipeline := azurePipeline(t, b.text)
			for _, s := range pipeline.Steps {
				if strings.Contains(s.Script, "/releases/download/") {
					out = append(out, recipe{script: s.Script, env: pipeline.Variables})
				}
			}
		default:
			t.Errorf("the docs have a %q block that downloads from a release; TestDocsDownloadRecipes runs sh and yaml blocks only:\n%s", b.lang, b.text)
		}
	}
	return out
}

// pipeline is what TestDocsDownloadRecipes reads of a CI configuration:
// Azure Pipelines' variables and script steps.
type pipeline struct {
	Variables map[string]string `yaml:"variables"`
	Steps     []struct {
		Script string `yaml:"script"`
	} `yaml:"steps"`
}

func azurePipeline(t *testing.T, text string) pipeline {
	t.Helper()
	var p pipeline
	if err := yaml.Unmarshal([]byte(text), &p); err != nil {
		t.Fatalf("a block of the docs that downloads from a release: %v\n%s", err, text)
	}
	return p
}

// TestDocsDownloadRecipes runs each download recipe of the docs (see
// downloadRecipes) with bash against a release laid out as .goreleaser.yaml
// names its files: curl is a stand-in on PATH that serves
// https://github.com/speccify/speccify-lint/releases/download/v1.0.0/ from
// a directory. The recipe must download, verify and run the archive's
// speccify-lint.
func TestDocsDownloadRecipes(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the recipes are bash scripts for Linux runners")
	}
	for _, tool := range []string{"bash", "sha256sum", "tar"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not on PATH", tool)
		}
	}
	recipes := downloadRecipes(t, allDocs(t))
	if len(recipes) == 0 {
		t.Fatal("the docs have no download recipe (the Azure Pipelines one of docs/ci.md)")
	}
	const tag, base = "v1.0.0", "https://github.com/speccify/speccify-lint/releases/download"
	assets := goreleaserAssets(t, strings.TrimPrefix(tag, "v"))
	release := fakeGoReleaserRelease(t, assets)
	bin := t.TempDir()
	// curl [-fsSLO | -o FILE] URL: the one form of curl the recipes use.
	curl := `#!/bin/sh
out="" url="" O=""
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out="$2"; shift ;;
    -*O*) O=1 ;;
    -*) ;;
    *) url="$1" ;;
  esac
  shift
done
echo "$url" >> "$FAKE_RELEASE_LOG"
[ -n "$O" ] && out="${url##*/}"
case "$url" in
  "$FAKE_RELEASE_BASE"/*) file="$FAKE_RELEASE_DIR/${url#"$FAKE_RELEASE_BASE"/}" ;;
  *) echo "curl: (6) Could not resolve host" >&2; exit 6 ;;
esac
if [ ! -f "$file" ]; then
  echo "curl: (22) The requested URL returned error: 404" >&2
  exit 22
fi
cp "$file" "$out"
`
	if err := os.WriteFile(filepath.Join(bin, "curl"), []byte(curl), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, r := range recipes {
		text := r.script
		dir := t.TempDir()
		log := filepath.Join(t.TempDir(), "requests")
		cmd := exec.Command("bash", "-c", text)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
			"FAKE_RELEASE_DIR="+release, "FAKE_RELEASE_BASE="+base+"/"+tag, "FAKE_RELEASE_LOG="+log)
		for k, v := range r.env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		out, err := cmd.CombinedOutput()
		requests, _ := os.ReadFile(log)
		if err != nil {
			t.Errorf("recipe failed: %v\n%s\nrequests:\n%s\nrecipe:\n%s", err, out, requests, text)
			continue
		}
		// The binary of the archive ran, with the recipe's arguments.
		args, err := os.ReadFile(filepath.Join(dir, "speccify-lint.ran"))
		if err != nil {
			t.Errorf("the recipe did not run the archive's speccify-lint:\n%s\nrecipe:\n%s", out, text)
			continue
		}
		t.Logf("recipe ran speccify-lint %s after downloading:\n%s", strings.Fields(string(args)), requests)
		want := base + "/" + tag + "/" + assets.checksums
		if !strings.Contains(string(requests), want+"\n") {
			t.Errorf("the recipe did not download %s:\n%s", want, requests)
		}
	}
}

// fakeGoReleaserRelease writes the files of a release as assets names them
// into a directory and returns it: each archive holds README.md and the
// binary, a shell script that writes its arguments to speccify-lint.ran in
// the working directory, and the checksum file lists every archive's
// SHA-256 as GoReleaser writes it ("<hex>  <name>").
func fakeGoReleaserRelease(t *testing.T, assets releaseAssets) string {
	t.Helper()
	dir := t.TempDir()
	script := []byte("#!/bin/sh\nprintf '%s\\n' \"$@\" > speccify-lint.ran\n")
	var sums strings.Builder
	for _, key := range slices.Sorted(maps.Keys(assets.archives)) {
		name := assets.archives[key]
		binary := assets.binary
		if strings.HasPrefix(key, "windows/") {
			binary += ".exe"
		}
		files := []archiveFile{{"README.md", 0o644, []byte("speccify-lint\n")}, {binary, 0o755, script}}
		data := makeArchive(t, name, files)
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&sums, "%x  %s\n", sha256.Sum256(data), name)
	}
	if err := os.WriteFile(filepath.Join(dir, assets.checksums), []byte(sums.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// archiveFile is a file of an archive makeArchive writes.
type archiveFile struct {
	name string
	mode int64
	data []byte
}

// makeArchive is an archive of files in the format name ends with, .tar.gz
// or .zip, the two GoReleaser writes here.
func makeArchive(t *testing.T, name string, files []archiveFile) []byte {
	t.Helper()
	var buf bytes.Buffer
	switch {
	case strings.HasSuffix(name, ".tar.gz"):
		gz := gzip.NewWriter(&buf)
		tw := tar.NewWriter(gz)
		for _, f := range files {
			if err := tw.WriteHeader(&tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(f.data))}); err != nil {
				t.Fatal(err)
			}
			if _, err := tw.Write(f.data); err != nil {
				t.Fatal(err)
			}
		}
		if err := tw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := gz.Close(); err != nil {
			t.Fatal(err)
		}
	case strings.HasSuffix(name, ".zip"):
		zw := zip.NewWriter(&buf)
		for _, f := range files {
			h := &zip.FileHeader{Name: f.name, Method: zip.Deflate}
			h.SetMode(os.FileMode(f.mode))
			w, err := zw.CreateHeader(h)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.Write(f.data); err != nil {
				t.Fatal(err)
			}
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
	default:
		t.Fatalf("archive %s: this test writes .tar.gz and .zip", name)
	}
	return buf.Bytes()
}
