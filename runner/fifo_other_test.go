//go:build !unix

package runner

import "errors"

func syscallMkfifo(string) error { return errors.ErrUnsupported }
