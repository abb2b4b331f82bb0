package lint

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/speccify/speccify-lint/cache"
	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/result"
	"github.com/speccify/speccify-lint/runner"
)

// The result cache (docs/cache.md): a tool folder whose every input is the
// same as when its result was stored is not checked or run again; its
// result is the stored one. An entry holds one tool folder's ToolResult,
// keyed by
//
//   - the binary (cache.Cache.KeyOf: the SHA-256 of its executable) and
//     the version it reports;
//   - the settings the result depends on (settingsKey: the root, the
//     platform, which rules are on and their severities, and for runs the
//     limits, the sandbox's mode and what it enforces, and the environment
//     the runs are handed; TestCacheKeysEveryConfigField checks that every
//     field of Config is keyed or said not to matter);
//   - the tool folder's absolute path and every file in it (cache.Tree: its
//     paths, modes, contents and link targets; the lint reads nothing of
//     the tool outside its folder, through the folder's os.Root, and a run
//     works in a copy of it);
//   - with fixture-untracked on, git's top level, and every file of the
//     folder tracked by the index (keyGit: a folder with an untracked file
//     is not cached, as git's ignore rules lie outside it);
//
// and, for results with runs, checked again on every hit, the programs the
// runs start and the commands requires names, as they are found on PATH
// now (path, size, modification time). A result with runs is stored only
// when every run was sealed by the kernel sandbox (it could read nothing
// else that the key leaves out: runner/grants.go) and none timed out, hit
// an output limit, was killed or could not start; an exploration only when
// it did not run out of time and no property that depends on a time limit
// (explore-slow) was broken. A result is stored only when the folder is
// still, after the tool was checked and run, the one keyed.
type resultCache struct {
	dir *cache.Cache
	// settings is the digest of the settings (settingsKey).
	settings cache.Key
	// runs is true when the results hold runs (examples, explore): then
	// every run must be sealed, and the programs are checked on a hit.
	runs     bool
	programs cache.Programs
}

// toolResultKind is the kind of the entries of tool results.
const toolResultKind = "tool result"

// newResultCache is the result cache of a Lint with cfg; nil when it has
// none: no Config.Cache, a comparison with a revision (--against), or runs
// that the kernel sandbox would not seal.
func newResultCache(cfg *Config) *resultCache {
	if cfg.Cache == nil || cfg.Against != nil {
		return nil
	}
	runs := cfg.Run || cfg.Explore != nil
	if runs && !runner.Probe(cfg.Sandbox).Sealed {
		return nil
	}
	return &resultCache{dir: cfg.Cache, settings: settingsKey(cfg, runs), runs: runs}
}

// settingsKey is the digest of what of cfg a tool's result depends on.
func settingsKey(cfg *Config, runs bool) cache.Key {
	h := cfg.Cache.KeyOf("tool result settings").
		String(cfg.Version).String(cfg.Root).String(cfg.Platform).
		Bool(cfg.Run).String(cfg.NotRun).
		Strings(setOf(cfg.Disabled)).Strings(setOf(cfg.Unsuppressible))
	var severities []string
	for id, s := range cfg.Severities {
		severities = append(severities, fmt.Sprintf("%s=%d", id, s))
	}
	slices.Sort(severities)
	h.Strings(severities)
	h.Strings(slices.Sorted(slices.Values(cfg.Profiles))).Int(int64(cfg.MaxAnswerTokens)).Int(int64(cfg.CoverageThreshold))
	h.Bool(runs)
	if runs {
		h.String(runtime.GOOS + "/" + runtime.GOARCH).
			Int(int64(cfg.timeout())).Int(cfg.maxOutput()).
			Int(int64(cfg.Sandbox)).String(runner.Probe(cfg.Sandbox).String()).
			Strings(cfg.PassEnv).Strings(runner.Env(cfg.PassEnv))
	}
	h.Bool(cfg.Explore != nil)
	if cfg.Explore != nil {
		// Every field of it, whatever fields it grows.
		data, err := cache.Marshal(*cfg.Explore)
		if err != nil {
			panic(err) // TestCacheKeysEveryConfigField encodes it
		}
		h.Bytes(data)
	}
	return h.Sum()
}

// setOf is the keys of a set whose value is true, sorted.
func setOf(m map[string]bool) []string {
	var out []string
	for k, on := range m {
		if on {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// toolKey is the key of a tool folder's result, and the digest of the
// folder it was made from (which store compares the folder with again).
type toolKey struct {
	key  cache.Key
	tree *cache.Tree
}

// held are the files of the folder the key read that the check takes
// rather than read them again (toolTexts), the bytes the key is of.
func (k toolKey) held() toolTexts {
	if k.tree == nil {
		return toolTexts{}
	}
	files := k.tree.TakeHeld()
	raw := files[discover.SpecFile]
	delete(files, discover.SpecFile)
	return toolTexts{raw: raw, files: files}
}

// holdForCheck says which files the key keeps for the check: TOOL.md, and
// the code outside fixtures/ it reads whole (readScript).
func holdForCheck(p string, size int64) bool {
	if p == discover.SpecFile {
		return size <= contract.MaxSpecSize
	}
	return size <= maxScriptSize && p != discover.FixturesDir && !strings.HasPrefix(p, discover.FixturesDir+"/")
}

// keyOf is the key of the result of the tool folder as it is now; false
// when it cannot be keyed: the folder cannot be opened or digested (too
// large, changing), its listing the check takes from the walk that found
// it (tool.Listing) is not the one keyed (it changed since), or it holds
// a link by an absolute path, which the lint follows (or not) by more
// than the folder.
func (rc *resultCache) keyOf(cfg *Config, tool discover.Tool) (toolKey, bool) {
	dir := tool.Dir
	root, err := cfg.openFolder(dir)
	if err != nil {
		return toolKey{}, false
	}
	defer root.Close()
	abs, err := filepath.Abs(dir)
	if err != nil {
		return toolKey{}, false
	}
	tree, err := rc.dir.TreeHolding(root, abs, holdForCheck)
	if err != nil || tree.AbsoluteLink || !listedAsKeyed(tool, tree) {
		return toolKey{}, false
	}
	h := rc.dir.KeyOf(toolResultKind).Key(rc.settings).String(abs).Key(tree.Sum)
	if !keyGit(cfg, dir, tree, h) {
		return toolKey{}, false
	}
	return toolKey{key: h.Sum(), tree: tree}, true
}

// listedAsKeyed reports whether each directory the walk that found the
// tool listed (tool.Listing, which its check lists the folder from) holds
// what the key's walk of the folder found there.
func listedAsKeyed(tool discover.Tool, tree *cache.Tree) bool {
	for _, d := range tool.Listing {
		rel, err := filepath.Rel(tool.Dir, d.Dir)
		if err != nil || !tree.Lists(filepath.ToSlash(rel), func(yield func(string, fs.FileMode) bool) {
			for _, e := range d.Entries {
				if !yield(e.Name, e.Type) {
					return
				}
			}
		}) {
			return false
		}
	}
	return true
}

// keyGit adds to h what fixture-untracked reads of git for the tool folder
// dir: whether git answers for it and which of its files the index holds.
// A folder with a file the index does not hold cannot be keyed: whether
// git ignores it, and by which pattern, depends on files outside the
// folder (.gitignore files above it, .git/info/exclude, the global
// excludes file). Nothing is added when the rule is off or Lint has no
// git view (discover.GitFiles).
func keyGit(cfg *Config, dir string, tree *cache.Tree, h *cache.Hasher) bool {
	g := cfg.git
	if g == nil || !cfg.enabled(ruleFixtureUntracked) {
		return true
	}
	covered := g.Covers(dir)
	h.Bool(covered)
	if !covered {
		return true
	}
	rel, err := filepath.Rel(cfg.Root, dir)
	if err != nil {
		return false
	}
	prefix := ""
	if rel = filepath.ToSlash(rel); rel != "." {
		prefix = rel + "/"
	}
	h.String(g.Top())
	for _, f := range tree.Files {
		if !g.Tracks(prefix + f) {
			return false
		}
	}
	return true
}

// cachedResult is what an entry holds: the result, the programs the runs
// depend on as they were found, and whether a run changed the folder it
// ran in (Callable.ReadOnly).
type cachedResult struct {
	Programs []cache.Program
	Result   result.ToolResult
	Wrote    bool
}

// lookup is the stored result of the tool folder (hit), or its key for
// storing the result once it is made (keyed).
func (rc *resultCache) lookup(cfg *Config, tool discover.Tool) (entry cachedResult, k toolKey, keyed, hit bool) {
	defer func() {
		if recover() != nil {
			entry, hit = cachedResult{}, false
		}
	}()
	if k, keyed = rc.keyOf(cfg, tool); !keyed {
		return entry, k, false, false
	}
	entry, hit = rc.get(k)
	return entry, k, true, hit
}

// get is the entry of the key k, when there is one whose programs are
// found as they were.
func (rc *resultCache) get(k toolKey) (cachedResult, bool) {
	data, ok := rc.dir.Get(k.key)
	if !ok {
		return cachedResult{}, false
	}
	var entry cachedResult
	if cache.Unmarshal(data, &entry) != nil || !rc.programs.Same(entry.Programs) {
		return cachedResult{}, false
	}
	return entry, true
}

// store stores the result tr of the job j, when it may be: the job was
// keyed, not interrupted, its runs (if any) sealed and ended on their own,
// its exploration not cut short or timed, and its folder is still the one
// keyed.
func (rc *resultCache) store(ctx context.Context, j *toolJob, tr result.ToolResult) {
	if rc == nil || !j.keyed || ctx.Err() != nil {
		return
	}
	cfg := j.c.cfg
	if t := j.run; t != nil {
		if t.limited.Load() {
			return
		}
		if seal, opened := t.seal(); opened && !seal.Sealed {
			return
		}
	}
	if x := j.x; x != nil && x.timed {
		return
	}
	if tr.Explore != nil && tr.Explore.OutOfTime {
		return
	}
	if !rc.still(cfg, j.c.dir, j.key.tree) {
		return
	}
	entry := cachedResult{Result: tr}
	if rc.runs {
		entry.Programs = rc.programs.Of(rc.programsOf(j.c))
	}
	if j.run != nil {
		entry.Wrote = j.run.wrote.Load()
	}
	data, err := cache.Marshal(entry)
	if err != nil {
		return
	}
	_ = rc.dir.Put(j.key.key, data)
}

// still reports whether the tool folder dir is still the tree its key was
// made from (cache.Cache.Still: each entry's stamp the same as the key's
// walk took). The git view of fixture-untracked, the key's other part
// read of the folder, is asked once per Lint.
func (rc *resultCache) still(cfg *Config, dir string, tree *cache.Tree) bool {
	root, err := cfg.openFolder(dir)
	if err != nil {
		return false
	}
	defer root.Close()
	return rc.dir.Still(root, tree)
}

// programsOf names the programs a tool's runs depend on: each requires
// command, and its implementation's interpreter (the candidates of its
// extension, as runner.Resolve looks them up), or, for an executable one,
// the program its #! line names.
func (rc *resultCache) programsOf(c *toolCheck) []cache.Program {
	var out []cache.Program
	if c.spec != nil && c.spec.Frontmatter != nil {
		for _, it := range c.spec.Frontmatter.Requires {
			if it.Value != RequiresNetwork {
				out = append(out, cache.Program{Name: it.Value})
			}
		}
	}
	if c.plan == nil || c.plan.impl.Name == "" {
		return out
	}
	impl := c.plan.impl
	if runtime.GOOS != "windows" && impl.Mode.Perm()&0o111 != 0 {
		return append(out, rc.shebang(c, impl.Name)...)
	}
	for _, name := range runner.Interpreters(impl.Ext) {
		out = append(out, cache.Program{Name: name})
	}
	return out
}

// shebang names the programs of the #! line of the file name of the tool
// folder (cache.Shebang).
func (rc *resultCache) shebang(c *toolCheck, name string) []cache.Program {
	root, err := c.cfg.openFolder(c.dir)
	if err != nil {
		return nil
	}
	defer root.Close()
	f, err := root.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := io.ReadFull(f, head)
	return cache.Shebang(head[:n])
}

// CheckFolder checks the tool folder dir statically, as Lint does with Run
// off, through the result cache when cfg.Cache is set (a folder whose
// files are as a stored result found them is not checked again): the
// language server's lint of a folder none of whose files an editor holds.
// A panic of a rule is an error.
func CheckFolder(cfg Config, dir string) (tr result.ToolResult, err error) {
	cfg.Run, cfg.Explore, cfg.Progress, cfg.Against = false, nil, nil, nil
	if cfg.Platform == "" {
		cfg.Platform = HostPlatform()
	}
	defer func() {
		if r := recover(); r != nil {
			tr, err = result.ToolResult{}, fmt.Errorf("internal error while checking %s: %v (please report it)", discover.RelPath(cfg.Root, dir), r)
		}
	}()
	rc := newResultCache(&cfg)
	var key toolKey
	var keyed bool
	if rc != nil {
		var entry cachedResult
		var hit bool
		if entry, key, keyed, hit = rc.lookup(&cfg, discover.Tool{Dir: dir}); hit {
			entry.Result.Cached = true
			return entry.Result, nil
		}
	}
	j := checkStaticWith(&cfg, 0, discover.Tool{Dir: dir}, key.held())
	j.cache, j.key, j.keyed = rc, key, keyed
	tr = j.runExamples(context.Background())
	rc.store(context.Background(), j, tr)
	return tr, nil
}

// cachedTool is the result of a hit of the tool disc.Tools[i], as the
// engine reports it: marked Cached, its duration the lookup's, the
// progress of a tool told as for one checked and run.
func cachedTool(cfg *Config, index int, tr result.ToolResult, spent time.Duration) result.ToolResult {
	tr.Cached = true
	tr.Duration = spent
	cfg.progress(Progress{Kind: ToolStarted, Tool: tr.Dir})
	for _, e := range tr.Examples {
		if e.Status != result.StatusSkipped {
			cfg.progress(Progress{Kind: ExampleDone, Tool: tr.Dir, Status: e.Status})
		}
	}
	cfg.progress(Progress{Kind: ToolDone, Tool: tr.Dir, Index: index, Result: &tr})
	return tr
}
