package autofix

import "fmt"

// ownerKept is keepOwner's decision: the file has uid:gid (from its
// creation) and should have wantUID:wantGID; chown changes them.
func ownerKept(wantUID, wantGID, uid, gid uint32, chown func(uid, gid int) error) error {
	if uid == wantUID && gid == wantGID {
		return nil
	}
	err := chown(int(wantUID), int(wantGID))
	switch {
	case err == nil:
		return nil
	case uid == wantUID:
		return nil // the owner is kept; only the group could not be
	}
	return fmt.Errorf("the file belongs to another user (uid %d), to whom speccify-lint cannot give the rewritten file", wantUID)
}
