package explore

import (
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/coverage"
)

// GapSearch looks for the cases that close the parts of a tool's contract
// its coverage findings name, among the runs of its exploration (Observe)
// and then the inputs GapInputs derives (Close). It runs nothing: the
// caller runs each input, hands Observe every valid input answered with
// one JSON object, and judges the answers of the inputs Close confirms.
type GapSearch struct {
	t     coverage.Tool
	parts []coverage.Part
	found map[coverage.ID]*GapCase
	// tried holds the derived inputs run, by their JSON.
	tried map[string]bool
	// confirming: the parts' inputs run again, Observe takes no more.
	confirming bool
	// Late says that the deadline or an interruption ended the search
	// before it was done.
	Late bool
}

// GapCase is the case that closes a part: its input and the
// implementation's answer, and the case to paste (Text), or why it is not
// proposed (Why).
type GapCase struct {
	In        Input
	Answer    any
	Text, Why string
}

// NewGapSearch is the search of the cases that close parts, parts of the
// tool t's contract.
func NewGapSearch(t coverage.Tool, parts []coverage.Part) *GapSearch {
	return &GapSearch{t: t, parts: parts, found: map[coverage.ID]*GapCase{}, tried: map[string]bool{}}
}

// Observe takes in, a valid input answered with answer, for the open parts
// it exercises: any part when in is an input GapInputs derived (KindGap),
// else only the output parts (an output key the answer states, ok:
// false), so that an input part is closed by the input derived for it (an
// example's, edited) rather than by whichever of explore's inputs came
// first.
func (s *GapSearch) Observe(in Input, answer any) {
	if s.confirming || !in.Valid || in.Spelling != SpellPlain || answer == nil {
		return
	}
	takes := func(p coverage.Part) bool { return s.found[p.ID()] == nil && (in.Kind == KindGap || !p.IsInput()) }
	open := false
	for _, p := range s.parts {
		open = open || takes(p)
	}
	if !open {
		return
	}
	ex := coverage.Exercised(s.t, in.Value, answer)
	for _, p := range s.parts {
		if ex[p.ID()] && takes(p) {
			s.found[p.ID()] = &GapCase{In: in}
		}
	}
}

// Close derives an input for each input part still open (GapInputs, from
// src and seed) and runs it (run, whose answer the caller hands Observe);
// then confirms each part's input: confirm runs it again and gives the
// answer, ok when the caller finds nothing wrong with it. A part whose
// confirmed answer still closes it gets its case, titled apart from
// titles (the examples' titles). over says when to stop (the deadline);
// late says that it ended explore's own runs.
func (s *GapSearch) Close(src Source, seed uint64, titles []string, run func(Input), confirm func(Input) (any, bool), over func() bool, late bool) {
	s.Late = late
	stop := func() bool {
		s.Late = s.Late || over()
		return s.Late
	}
	var open []coverage.Part
	for _, p := range s.parts {
		if s.found[p.ID()] == nil {
			open = append(open, p)
		}
	}
	ins := GapInputs(src, seed, s.t, open)
	for _, p := range open {
		in, ok := ins[p.ID()]
		if !ok || s.found[p.ID()] != nil || s.tried[string(in.JSON())] || stop() {
			continue
		}
		s.tried[string(in.JSON())] = true
		run(in)
	}
	s.confirming = true
	titles = append([]string(nil), titles...)
	confirmed := map[string]*GapCase{}
	for _, p := range s.parts {
		gc := s.found[p.ID()]
		if gc == nil {
			continue
		}
		key := string(gc.In.JSON())
		if prev, seen := confirmed[key]; seen {
			// The input closes another part too: confirmed once.
			if prev != nil && coverage.Exercised(s.t, prev.In.Value, prev.Answer)[p.ID()] {
				s.found[p.ID()] = prev
			} else {
				delete(s.found, p.ID())
			}
			continue
		}
		var ok bool
		if !stop() {
			gc.Answer, ok = confirm(gc.In)
		}
		if !ok {
			confirmed[key] = nil
			delete(s.found, p.ID())
			continue
		}
		confirmed[key] = gc
		if !coverage.Exercised(s.t, gc.In.Value, gc.Answer)[p.ID()] {
			delete(s.found, p.ID())
			continue
		}
		if gc.Text, gc.Why = ProposedCase(gc.In, gc.Answer, titles); gc.Text != "" {
			titles = append(titles, strings.TrimPrefix(strings.SplitN(gc.Text, "\n", 2)[0], "### "))
		}
	}
}

// Case is the case that closes the part id; nil when none was found.
func (s *GapSearch) Case(id coverage.ID) *GapCase { return s.found[id] }

// Cases are the texts of the cases proposed, each once, in the order of
// the parts, a blank line between two.
func (s *GapSearch) Cases() string {
	var texts []string
	for _, p := range s.parts {
		if gc := s.found[p.ID()]; gc != nil && gc.Text != "" && !slices.Contains(texts, gc.Text) {
			texts = append(texts, gc.Text)
		}
	}
	return strings.Join(texts, "\n")
}
