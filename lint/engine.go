package lint

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/speccify/speccify-lint/contract"
)

var osLstat = os.Lstat

// Lint checks every discovered tool and skill folder and, when cfg.Run is
// set, runs the tools' examples. Tools are checked cfg.Jobs at a time; the
// result is ordered by path whatever the parallelism. When ctx is canceled
// (Ctrl-C) the running examples are killed and the result is marked
// interrupted.
func Lint(ctx context.Context, disc *contract.Discovery, cfg Config) *Result {
	if cfg.Platform == "" {
		cfg.Platform = HostPlatform()
	}
	res := &Result{
		Version:  cfg.Version,
		Root:     cfg.Root,
		Platform: cfg.Platform,
		Ran:      cfg.Run,
		Shard:    cfg.Shard,
		Tools:    make([]ToolResult, len(disc.Tools)),
		Skills:   []SkillResult{},
		Findings: []Finding{},
	}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range min(cfg.jobs(), max(len(disc.Tools), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				res.Tools[i] = checkTool(ctx, &cfg, disc.Tools[i])
			}
		}()
	}
	for i := range disc.Tools {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	for _, dir := range disc.Skills {
		res.Skills = append(res.Skills, checkSkill(&cfg, dir))
	}
	for _, esc := range disc.Escapes {
		if !cfg.enabled(ruleSymlinkEscape) {
			break
		}
		rel := relPath(cfg.Root, esc.Path)
		res.Findings = append(res.Findings, ruleSymlinkEscape.finding(rel, 1, 1, rel,
			"symbolic link %s points to %s, outside the root; it is not followed: commit the files instead", rel, esc.Target))
	}
	slices.SortFunc(res.Findings, CompareFindings)
	res.Interrupted = ctx.Err() != nil
	res.Summarize()
	return res
}

// checkTool lints one tool folder and runs its examples.
func checkTool(ctx context.Context, cfg *Config, dir string) ToolResult {
	start := time.Now()
	c := &toolCheck{cfg: cfg, dir: dir, rel: relPath(cfg.Root, dir)}
	c.specRel = c.fileIn(contract.SpecFile)
	tr := ToolResult{Dir: c.rel, Spec: c.specRel, Implementations: []Implementation{}, Findings: []Finding{}, Examples: []ExampleResult{}}
	spec, err := contract.ReadSpec(filepath.Join(dir, contract.SpecFile))
	if err != nil {
		c.report(ruleSpecFile, topOfFile, "TOOL.md", "TOOL.md cannot be read: %v", err)
		return c.finish(tr, start)
	}
	c.spec = spec
	if spec.FileErr != nil {
		c.report(ruleSpecFile, spec.FileErr.Pos, "TOOL.md", "TOOL.md %s", spec.FileErr.Msg)
		return c.finish(tr, start)
	}
	if folder, err := contract.ReadFolder(dir); err == nil {
		c.folder = folder
		for _, im := range folder.Implementations {
			tr.Implementations = append(tr.Implementations, Implementation{Platform: im.Platform, Path: c.fileIn(im.Name)})
		}
	}
	if f := spec.Frontmatter.Field("name"); f != nil && isString(deref(f.Value)) {
		tr.Name = deref(f.Value).Value
	}
	c.lintStatic()
	tr.Examples = c.examples(ctx, &tr)
	return c.finish(tr, start)
}

// lintStatic applies every static rule.
func (c *toolCheck) lintStatic() {
	c.checkParseProblems()
	if c.spec.Frontmatter != nil {
		c.checkFields()
		c.loadSchemas()
		c.checkWireObject()
		c.checkOKAndError()
		c.checkYAMLSplit()
	}
	c.checkExamples()
	c.checkFixtures()
	c.checkImplementations()
}

func (c *toolCheck) finish(tr ToolResult, start time.Time) ToolResult {
	slices.SortStableFunc(c.findings, CompareFindings)
	tr.Findings = append(tr.Findings, c.findings...)
	tr.Duration = time.Since(start)
	return tr
}
