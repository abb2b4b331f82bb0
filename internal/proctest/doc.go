// Package proctest helps tests check that the processes a run started have
// ended. It has code on Unix only.
package proctest
