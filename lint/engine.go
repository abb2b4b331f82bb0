package lint

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/fserr"
	"github.com/speccify/speccify-lint/result"
	"github.com/speccify/speccify-lint/runner"
)

var osLstat = os.Lstat

// Lint checks every discovered tool and skill folder and, when cfg.Run is
// set, runs the tools' examples. The examples of at most cfg.Jobs tools run
// at once, and up to cfg.Jobs tools are checked statically at once; the
// static checks of the next tools go on while examples run, so that the CPU
// work of parsing and compiling overlaps with waiting for the
// implementations. The result is ordered by path whatever the parallelism.
// When ctx is canceled (Ctrl-C) the running examples are killed and the
// result is marked interrupted. Lint lists each tool folder from its
// Listing and then lets go of it (sets it to nil in disc.Tools), so that a
// large tree's listings do not stay in memory until the end.
func Lint(ctx context.Context, disc *discover.Discovery, cfg Config) *result.Result {
	if cfg.Platform == "" {
		cfg.Platform = HostPlatform()
	}
	res := &result.Result{
		Version:  cfg.Version,
		Root:     cfg.Root,
		Platform: cfg.Platform,
		Ran:      cfg.Run && cfg.Explore == nil,
		Shard:    cfg.Shard,
		Explore:  cfg.Explore.settings(),
		Tools:    make([]result.ToolResult, len(disc.Tools)),
		Skills:   []result.SkillResult{},
		Findings: []result.Finding{},
	}
	if cfg.Run || cfg.Explore != nil {
		res.Sandbox = runner.Probe(cfg.Sandbox).String()
	}
	cfg.git = discover.NewGitFiles(cfg.Root)
	if !cfg.Run && cfg.Explore == nil {
		// A static lint runs nothing that could change the tree while it
		// reads it: the folders of one directory are opened from it, kept
		// open, rather than each from the root.
		cfg.folders = discover.NewGate(cfg.Root).NewFolderOpener()
		defer cfg.folders.Close()
	}
	if cfg.Against != nil {
		// Before any tool is checked: a renamed tool is compared with the
		// folder it was renamed from.
		cfg.Against.Prepare(cfg.Root, disc.ToolDirs())
	}
	results := newResultCache(&cfg)
	n := min(cfg.jobs(), max(len(disc.Tools), 1))
	var next atomic.Int64             // the index of the next tool to check
	checked := make(chan *toolJob, n) // at most n tools wait, checked, for their runs
	var static, runs sync.WaitGroup
	var failures internalErrors
	// skip holds the examples of the tools whose examples were all skipped,
	// compactly, until every tool is checked.
	skip := make([]*skippedExamples, len(disc.Tools))
	done := func(i int, tr result.ToolResult) {
		if skip[i] = skipped(tr.Examples); skip[i] != nil {
			tr.Examples = nil
		}
		res.Tools[i] = tr
	}
	for range n {
		static.Go(func() {
			for i := int(next.Add(1) - 1); i < len(disc.Tools); i = int(next.Add(1) - 1) {
				var key toolKey
				var keyed bool
				if results != nil {
					start := time.Now()
					var entry cachedResult
					var hit bool
					if entry, key, keyed, hit = results.lookup(&cfg, disc.Tools[i]); hit {
						disc.Tools[i].Listing = nil
						done(i, cachedTool(&cfg, i, entry.Result, time.Since(start)))
						continue
					}
				}
				j := failures.checkStatic(&cfg, disc, i, key.held())
				j.cache, j.key, j.keyed = results, key, keyed
				if !cfg.Run && cfg.Explore == nil {
					// Nothing to wait for: listing the examples is cheap,
					// so do it here rather than hand the tool over.
					done(i, failures.runExamples(ctx, j))
					continue
				}
				j.prepare()
				checked <- j
			}
		})
		runs.Go(func() {
			for j := range checked {
				done(j.index, failures.runExamples(ctx, j))
			}
		})
	}
	static.Wait()
	close(checked)
	runs.Wait()
	for i, s := range skip {
		if s != nil {
			res.Tools[i].Examples = s.expand()
		}
	}
	for _, dir := range disc.Skills {
		res.Skills = append(res.Skills, checkSkill(&cfg, dir))
	}
	d := &discoveryCheck{cfg: &cfg, disc: disc, tools: res.Tools}
	for _, r := range registry {
		if r.discovery != nil {
			r.discovery(d, reporter{rule: r, cfg: &cfg, out: &res.Findings})
		}
	}
	slices.SortFunc(res.Findings, result.CompareFindings)
	for i := range res.Tools {
		res.Suppressed = append(res.Suppressed, res.Tools[i].Suppressed...)
		res.Tools[i].Suppressed = nil
	}
	slices.SortStableFunc(res.Suppressed, result.CompareFindings)
	res.InternalErrors = failures.sorted()
	res.Interrupted = ctx.Err() != nil
	res.Summarize()
	return res
}

// CheckEdited is CheckText with, besides TOOL.md's text (nil: the file's),
// the texts of other files of the folder as an editor holds them, unsaved:
// files maps a name inside the folder (slash-separated, such as "linux.py")
// to the file's bytes as they stand, which the rules that read the file
// (an implementation's text) read instead of the file's. The folder's
// listing is still the one on disk: a name that is not a file of the folder
// is read by no rule. The findings' fixes of such a file carry the sum of
// the bytes given (Fix.Sum).
func CheckEdited(cfg Config, dir string, text []byte, files map[string][]byte) (spec *contract.Spec, tr result.ToolResult, err error) {
	// A fix is verified without the drift rules: what it could break they
	// report on the lint after it.
	cfg.Run, cfg.Explore, cfg.Progress, cfg.Against = false, nil, nil, nil
	if cfg.Platform == "" {
		cfg.Platform = HostPlatform()
	}
	defer func() {
		if r := recover(); r != nil {
			spec, tr, err = nil, result.ToolResult{}, fmt.Errorf("internal error while checking %s: %v (please report it)", discover.RelPath(cfg.Root, dir), r)
		}
	}()
	j := checkStaticWith(&cfg, 0, discover.Tool{Dir: dir}, toolTexts{text: text, files: files})
	return j.c.spec, j.runExamples(context.Background()), nil
}

// CheckText checks the tool folder dir as Lint does with Run off (its
// static rules, its examples listed, not run), but with its TOOL.md holding
// text, a normalised text (LF line endings, no BOM; see contract.ParseText),
// instead of the file's: how package autofix checks the text a fix makes.
// It returns text's parse beside the result; the findings' fixes carry
// text's sum (Fix.Sum). A panic of a rule is an error, as Lint's internal
// errors are.
func CheckText(cfg Config, dir string, text []byte) (spec *contract.Spec, tr result.ToolResult, err error) {
	return CheckEdited(cfg, dir, text, nil)
}

// discoveryCheck is what the discovery rules judge: the walk of the tree.
type discoveryCheck struct {
	cfg  *Config
	disc *discover.Discovery
	// tools are the results of the tool folders, checked by then.
	tools []result.ToolResult
}

// skillCheck is the context of checking one skill folder.
type skillCheck struct {
	cfg      *Config
	dir      string // the folder as discovered
	specPath string // its SKILL.md
	// text is SKILL.md's text once read (readText), textErr why it could
	// not be.
	text    []byte
	textErr error
	read    bool
}

// CheckSkillText applies the skill rules to the skill folder dir as Lint
// does, with its SKILL.md holding text (as an editor holds it, unsaved)
// instead of the file's.
func CheckSkillText(cfg Config, dir string, text []byte) result.SkillResult {
	return checkSkillWith(&cfg, dir, text)
}

// checkSkill applies the skill rules to the skill folder dir.
func checkSkill(cfg *Config, dir string) result.SkillResult {
	return checkSkillWith(cfg, dir, nil)
}

// checkSkillWith is checkSkill with SKILL.md holding text (nil: the file's).
func checkSkillWith(cfg *Config, dir string, text []byte) result.SkillResult {
	rel := discover.RelPath(cfg.Root, dir)
	s := &skillCheck{cfg: cfg, dir: dir, specPath: filepath.Join(dir, discover.SkillFile)}
	if text != nil {
		s.text, s.read = text, true
	}
	res := result.SkillResult{Dir: rel, Spec: discover.RelPath(cfg.Root, s.specPath), Findings: []result.Finding{}}
	for _, r := range registry {
		if r.skill != nil {
			r.skill(s, reporter{rule: r, cfg: cfg, tool: rel, file: res.Spec, out: &res.Findings})
		}
	}
	if len(res.Findings) > 0 {
		if text, err := s.readText(); err == nil {
			attachSkillPositions(res.Findings, res.Spec, text)
		}
	}
	return res
}

// readText is the text of the skill's SKILL.md, read once.
func (s *skillCheck) readText() ([]byte, error) {
	if !s.read {
		s.text, s.textErr = contract.ReadText(s.specPath, contract.MaxSpecSize)
		s.read = true
	}
	return s.text, s.textErr
}

// internalErrors collects the failures of speccify-lint itself: a panic while
// checking one tool is reported (the SARIF invocation then fails and the CLI
// exits 2) and the other tools are still checked.
type internalErrors struct {
	mu   sync.Mutex
	msgs []string
}

func (e *internalErrors) add(dir string, r any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.msgs = append(e.msgs, fmt.Sprintf("internal error while checking %s: %v (please report it)", dir, r))
}

func (e *internalErrors) sorted() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	slices.Sort(e.msgs)
	return e.msgs
}

// checkStatic is checkStaticWith of disc.Tools[index] with a panic turned
// into an internal error; it lets go of the tool's Listing.
func (e *internalErrors) checkStatic(cfg *Config, disc *discover.Discovery, index int, in toolTexts) (j *toolJob) {
	tool := disc.Tools[index]
	dir := tool.Dir
	disc.Tools[index].Listing = nil
	defer func() {
		if r := recover(); r != nil {
			e.add(dir, r)
			j = newToolJob(cfg, index, dir)
		}
	}()
	return checkStaticWith(cfg, index, tool, in)
}

// runExamples is runExamples with a panic turned into an internal error;
// it tells Config.Progress that the tool is done, with its result.
func (e *internalErrors) runExamples(ctx context.Context, j *toolJob) (tr result.ToolResult) {
	defer func() {
		if r := recover(); r != nil {
			e.add(j.c.dir, r)
			tr = j.tr
		}
		j.c.cfg.progress(Progress{Kind: ToolDone, Tool: tr.Dir, Index: j.index, Result: &tr})
	}()
	tr = j.runExamples(ctx)
	j.cache.store(ctx, j, tr)
	return tr
}

// toolJob is the engine's work on one tool folder, from its static checks
// to its result: the rules' context (c), the findings they report (out),
// and once its checks are done the runs of its examples (run) or its
// exploration (x).
type toolJob struct {
	index int // in Discovery.Tools
	c     *toolCheck
	out   *toolFindings
	run   *toolRun
	x     *exploration
	tr    result.ToolResult
	// checked is true when the contract could be read and the static rules
	// ran, so that the examples can be listed.
	checked bool
	// spent is the time the static checks took.
	spent time.Duration
	// cache is the result cache the result goes to, under key when keyed
	// (see resultCache.store).
	cache *resultCache
	key   toolKey
	keyed bool
}

// prepare makes, once the static checks are done, what the tool's runs
// will run in (its toolRun, and the workspace: the private copy of the
// folder and the sandbox's thread), while the tools before it run: with
// --jobs 1 the runs then wait for none of it. A tool whose examples will
// not run gets none. The runs close it (runExamples).
func (j *toolJob) prepare() {
	defer func() {
		if recover() != nil && j.run != nil {
			// runExamples makes it again, and reports the panic.
			j.run.runs.Close()
			j.run = nil
		}
	}()
	if !j.checked || j.c.spec == nil {
		return
	}
	plan := j.c.runPlan()
	if plan.reason != "" || plan.argv == nil {
		return
	}
	j.run = newToolRun(j.c, j.out, runner.Copy)
	j.run.runs.Prepare(plan.argv)
}

// newToolJob is the job of checking the tool folder dir, disc.Tools[index].
func newToolJob(cfg *Config, index int, dir string) *toolJob {
	c := newToolCheck(cfg, dir)
	out := &toolFindings{cfg: cfg, tool: c.rel, spec: c.specRel}
	c.patterns = out.reporter(slowPatternsRule())
	return &toolJob{index: index, c: c, out: out, tr: result.ToolResult{Dir: c.rel, Spec: c.specRel,
		Implementations: []result.Implementation{}, Findings: []result.Finding{}, Examples: []result.ExampleResult{}}}
}

// slowPatternsRule is the rule that reports slow patterns: the one with
// Rule.slowPatterns.
func slowPatternsRule() *Rule {
	for _, r := range registry {
		if r.slowPatterns {
			return r
		}
	}
	panic("lint: no rule reports slow patterns")
}

// toolTexts are the contents of a tool folder's files that its check
// takes instead of reading the files: TOOL.md's as an editor holds it
// (text, normalised, see contract.ParseText) or as the cache's key read it
// (raw, the file's bytes), and others' by slash-separated name inside the
// folder (files: an editor's, or the key's).
type toolTexts struct {
	text, raw []byte
	files     map[string][]byte
}

// checkStaticWith reads one tool folder, listing it from what the walk
// read of it, and applies the static rules, with the texts in standing for
// those files' (CheckEdited's, and those the cache's key read).
func checkStaticWith(cfg *Config, index int, tool discover.Tool, in toolTexts) *toolJob {
	start := time.Now()
	dir := tool.Dir
	j := newToolJob(cfg, index, dir)
	c := j.c
	defer func() { j.spent = time.Since(start) }()
	// Whatever is read on behalf of the tool is read through a Root of its
	// folder, so that no "..", absolute path or symbolic link leads out; the
	// folder is opened through the root's gate, so that no symbolic link on
	// the way from the root (one swapped in since the walk) leads to it.
	root, err := cfg.openFolder(dir)
	if err != nil {
		c.unreadable = &unreadable{topOfFile, fmt.Sprintf("TOOL.md cannot be read: the tool folder cannot be opened: %v", fserr.Cause(err))}
		j.applyRules()
		return j
	}
	defer root.Close()
	c.root = root
	defer func() { c.root = nil }()
	c.holdScripts(in.files)
	text := in.text
	path := filepath.Join(dir, discover.SpecFile)
	var spec *contract.Spec
	switch {
	case len(text) > contract.MaxSpecSize:
		// The text an editor holds, past what the file may be.
		spec = &contract.Spec{Path: path, Lines: contract.NewLines(nil), FileErr: &contract.FileError{
			Path: path, Msg: fmt.Sprintf("is larger than the %d MiB speccify-lint reads", contract.MaxSpecSize>>20), Pos: topOfFile}}
	case text != nil:
		spec = contract.ParseText(path, text)
	case in.raw != nil:
		spec = contract.ParseBytes(path, in.raw)
	default:
		spec, err = contract.ReadSpecIn(root, discover.SpecFile, path)
	}
	switch {
	case err != nil:
		c.unreadable = &unreadable{topOfFile, fmt.Sprintf("TOOL.md cannot be read: %v", fserr.Cause(err))}
	case spec.FileErr != nil:
		c.unreadable = &unreadable{spec.FileErr.Pos, "TOOL.md " + spec.FileErr.Msg}
	}
	if c.unreadable != nil {
		j.applyRules()
		return j
	}
	c.spec = spec
	if folder, err := tool.Folder(); err == nil {
		c.folder = folder
		c.badLinks = c.folder.FollowLinks(c.root)
		for _, im := range folder.Implementations {
			j.tr.Implementations = append(j.tr.Implementations, result.Implementation{Platform: im.Platform, Path: c.fileIn(im.Name)})
		}
	}
	if fm := spec.Frontmatter; fm != nil {
		j.tr.Name = fm.Name.Value
	}
	j.applyRules()
	j.tr.Drift = c.driftResult()
	j.tr.Coverage = c.coverageResult()
	j.checked = true
	return j
}

// applyRules runs the read rules and, when TOOL.md could be read, the
// static rules, its suppression comments loaded first.
func (j *toolJob) applyRules() {
	c := j.c
	if c.spec != nil {
		j.out.load(c)
	}
	for _, r := range registry {
		switch {
		case r.read != nil:
			r.read(c, j.out.reporter(r))
		case r.static != nil && c.spec != nil:
			r.static(c, j.out.reporter(r))
		}
	}
	c.attachSource(j.out.list)
	c.scripts = nil // read during the static checks only
}

// runExamples lists (and with cfg.Run runs) the examples of a checked tool,
// or explores it, and completes its result.
func (j *toolJob) runExamples(ctx context.Context) result.ToolResult {
	start := time.Now()
	tr := j.tr
	c := j.c
	cfg := c.cfg
	cfg.progress(Progress{Kind: ToolStarted, Tool: tr.Dir})
	if !j.checked && cfg.Explore != nil {
		// The contract could not be read (spec-file says why): nothing to
		// explore, and every report says so.
		tr.Explore = unexplored(c, "the contract could not be read (see spec-file)")
	}
	if j.checked {
		if j.run == nil {
			j.run = newToolRun(c, j.out, runner.Copy)
		}
		defer j.run.runs.Close()
		tr.Examples = j.run.examples(ctx, &tr)
		if cfg.Explore != nil {
			tr.Skipped = ""
			n := len(j.out.list)
			j.x = &exploration{toolRun: j.run}
			tr.Explore = j.x.explore(ctx)
			c.attachSource(j.out.list[n:])
		}
		if seal, ok := j.run.seal(); ok {
			if s := seal.String(); s != runner.Probe(cfg.Sandbox).String() {
				tr.Sandbox = s
			}
		}
		ac := &afterCheck{cfg: cfg, suppressions: j.out.suppressions, ran: j.run.ran, explored: j.x != nil && j.x.explored,
			ruleByID: RuleByID, ruleIDs: ruleIDs, specRel: c.specRel, specSum: c.specSum}
		for _, r := range registry {
			if r.after != nil {
				r.after(ac, j.out.reporter(r))
			}
		}
	}
	tr = j.finish(tr, j.spent+time.Since(start))
	tr.Status = j.toolStatus(&tr, ctx.Err() != nil)
	return tr
}

// finish adds the findings, in order, and the time spent on the tool (not
// counting the wait between its checks and its runs).
func (j *toolJob) finish(tr result.ToolResult, spent time.Duration) result.ToolResult {
	j.c.attachPositions(j.out.list) // those of the after rules too
	slices.SortStableFunc(j.out.list, result.CompareFindings)
	tr.Findings = append(tr.Findings, j.out.list...)
	j.c.attachPositions(j.out.suppressed) // byte_column, as the reported findings have it
	tr.Suppressed = slices.Clone(j.out.suppressed)
	slices.SortStableFunc(tr.Suppressed, result.CompareFindings)
	for i := range tr.Examples {
		j.c.attachSource(tr.Examples[i].Findings)
	}
	tr.Duration = spent
	return tr
}
