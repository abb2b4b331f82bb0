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
func Lint(ctx context.Context, disc *discover.Discovery, cfg Config) *Result {
	if cfg.Platform == "" {
		cfg.Platform = HostPlatform()
	}
	res := &Result{
		Version:  cfg.Version,
		Root:     cfg.Root,
		Platform: cfg.Platform,
		Ran:      cfg.Run && cfg.Explore == nil,
		Shard:    cfg.Shard,
		Explore:  cfg.Explore.settings(),
		Tools:    make([]ToolResult, len(disc.Tools)),
		Skills:   []SkillResult{},
		Findings: []Finding{},
	}
	n := min(cfg.jobs(), max(len(disc.Tools), 1))
	var next atomic.Int64             // the index of the next tool to check
	checked := make(chan *toolJob, n) // at most n tools wait, checked, for their runs
	var static, runs sync.WaitGroup
	var failures internalErrors
	for range n {
		static.Go(func() {
			for i := int(next.Add(1) - 1); i < len(disc.Tools); i = int(next.Add(1) - 1) {
				j := failures.checkStatic(&cfg, disc, i)
				if !cfg.Run && cfg.Explore == nil {
					// Nothing to wait for: listing the examples is cheap,
					// so do it here rather than hand the tool over.
					res.Tools[i] = failures.runExamples(ctx, j)
					continue
				}
				checked <- j
			}
		})
		runs.Go(func() {
			for j := range checked {
				res.Tools[j.index] = failures.runExamples(ctx, j)
			}
		})
	}
	static.Wait()
	close(checked)
	runs.Wait()
	for _, dir := range disc.Skills {
		res.Skills = append(res.Skills, checkSkill(&cfg, dir))
	}
	d := &discoveryCheck{cfg: &cfg, disc: disc}
	for _, r := range registry {
		if r.discovery != nil {
			r.discovery(d, reporter{rule: r, cfg: &cfg, out: &res.Findings})
		}
	}
	slices.SortFunc(res.Findings, CompareFindings)
	res.InternalErrors = failures.sorted()
	res.Interrupted = ctx.Err() != nil
	res.Summarize()
	return res
}

// discoveryCheck is what the discovery rules judge: the walk of the tree.
type discoveryCheck struct {
	cfg  *Config
	disc *discover.Discovery
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

// checkSkill applies the skill rules to the skill folder dir.
func checkSkill(cfg *Config, dir string) SkillResult {
	rel := relPath(cfg.Root, dir)
	s := &skillCheck{cfg: cfg, dir: dir, specPath: filepath.Join(dir, discover.SkillFile)}
	res := SkillResult{Dir: rel, Spec: relPath(cfg.Root, s.specPath), Findings: []Finding{}}
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

// checkStatic is checkStatic of disc.Tools[index] with a panic turned into
// an internal error; it lets go of the tool's Listing.
func (e *internalErrors) checkStatic(cfg *Config, disc *discover.Discovery, index int) (j *toolJob) {
	tool := disc.Tools[index]
	dir := tool.Dir
	disc.Tools[index].Listing = nil
	defer func() {
		if r := recover(); r != nil {
			e.add(dir, r)
			c := newToolCheck(cfg, dir)
			j = &toolJob{index: index, c: c, tr: ToolResult{Dir: c.rel, Spec: c.specRel,
				Implementations: []Implementation{}, Findings: []Finding{}, Examples: []ExampleResult{}}}
		}
	}()
	return checkStatic(cfg, index, tool)
}

// runExamples is runExamples with a panic turned into an internal error.
func (e *internalErrors) runExamples(ctx context.Context, j *toolJob) (tr ToolResult) {
	defer func() {
		if r := recover(); r != nil {
			e.add(j.c.dir, r)
			tr = j.tr
		}
	}()
	return j.runExamples(ctx)
}

// toolJob is a tool folder between its static checks and its example runs.
type toolJob struct {
	index int // in Discovery.Tools
	c     *toolCheck
	tr    ToolResult
	// checked is true when the contract could be read and the static rules
	// ran, so that the examples can be listed.
	checked bool
	// spent is the time the static checks took.
	spent time.Duration
}

// checkStatic reads one tool folder, listing it from what the walk read of
// it, and applies the static rules.
func checkStatic(cfg *Config, index int, tool discover.Tool) *toolJob {
	start := time.Now()
	dir := tool.Dir
	c := newToolCheck(cfg, dir)
	j := &toolJob{index: index, c: c, tr: ToolResult{Dir: c.rel, Spec: c.specRel, Implementations: []Implementation{}, Findings: []Finding{}, Examples: []ExampleResult{}}}
	defer func() { j.spent = time.Since(start) }()
	// Whatever is read on behalf of the tool is read through a Root of its
	// folder, so that no "..", absolute path or symbolic link leads out; the
	// folder is opened through the root's gate, so that no symbolic link on
	// the way from the root (one swapped in since the walk) leads to it.
	root, err := discover.NewGate(cfg.Root).OpenFolder(dir)
	if err != nil {
		c.unreadable = &unreadable{topOfFile, fmt.Sprintf("TOOL.md cannot be read: the tool folder cannot be opened: %v", fserr.Cause(err))}
		c.applyRules()
		return j
	}
	defer root.Close()
	c.root = root
	defer func() { c.root = nil }()
	spec, err := contract.ReadSpecIn(root, discover.SpecFile, filepath.Join(dir, discover.SpecFile))
	switch {
	case err != nil:
		c.unreadable = &unreadable{topOfFile, fmt.Sprintf("TOOL.md cannot be read: %v", fserr.Cause(err))}
	case spec.FileErr != nil:
		c.unreadable = &unreadable{spec.FileErr.Pos, "TOOL.md " + spec.FileErr.Msg}
	}
	if c.unreadable != nil {
		c.applyRules()
		return j
	}
	c.spec = spec
	if folder, err := tool.Folder(); err == nil {
		c.folder = folder
		c.followImplementationLinks()
		for _, im := range folder.Implementations {
			j.tr.Implementations = append(j.tr.Implementations, Implementation{Platform: im.Platform, Path: c.fileIn(im.Name)})
		}
	}
	if fm := spec.Frontmatter; fm != nil {
		j.tr.Name = fm.Name.Value
	}
	c.applyRules()
	j.checked = true
	return j
}

// runExamples lists (and with cfg.Run runs) the examples of a checked tool
// and completes its result.
func (j *toolJob) runExamples(ctx context.Context) ToolResult {
	start := time.Now()
	tr := j.tr
	cfg := j.c.cfg
	cfg.progress(Progress{Kind: ToolStarted, Tool: tr.Dir})
	defer cfg.progress(Progress{Kind: ToolDone, Tool: tr.Dir})
	if !j.checked && cfg.Explore != nil {
		// The contract could not be read (spec-file says why): nothing to
		// explore, and every report says so.
		tr.Explore = unexplored(j.c, "the contract could not be read (see spec-file)")
	}
	if j.checked {
		defer j.c.closeRunFolder()
		tr.Examples = j.c.examples(ctx, &tr)
		if cfg.Explore != nil {
			tr.Skipped = ""
			n := len(j.c.findings)
			tr.Explore = j.c.explore(ctx)
			j.c.attachSource(j.c.findings[n:])
		}
		for _, r := range registry {
			if r.after != nil {
				r.after(j.c, j.c.reporter(r))
			}
		}
	}
	return j.c.finish(tr, j.spent+time.Since(start))
}

// finish adds the findings, in order, and the time spent on the tool (not
// counting the wait between its checks and its runs).
func (c *toolCheck) finish(tr ToolResult, spent time.Duration) ToolResult {
	c.attachPositions(c.findings) // those of the after rules too
	slices.SortStableFunc(c.findings, CompareFindings)
	tr.Findings = append(tr.Findings, c.findings...)
	for i := range tr.Examples {
		c.attachSource(tr.Examples[i].Findings)
	}
	tr.Duration = spent
	return tr
}
