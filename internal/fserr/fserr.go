// Package fserr words file-system errors for messages that already name
// the file.
package fserr

import "io/fs"

// Cause is the reason of a *fs.PathError without its operation and path
// ("no such file or directory" for "open x: no such file or directory"), for
// a message that names the path itself, as the user wrote it; any other
// error is returned as it is.
func Cause(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}
