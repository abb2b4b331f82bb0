package autofix

// Passes reports whether fixed, the bytes the fixes made of orig, the bytes
// of the TOOL.md spec of the tool folder tool, passes the criterion of
// verify.go as a whole (the tests check Changes against it).
func Passes(check Checker, tool, spec string, orig, fixed []byte) (bool, error) {
	x := newFixer(&Options{Check: check}, tool, spec)
	before, err := x.check(newRawText(orig).text)
	if err != nil {
		return false, err
	}
	after, err := x.check(newRawText(fixed).text)
	if err != nil {
		return false, err
	}
	return passes(before, after, spec), nil
}
