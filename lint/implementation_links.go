package lint

// badLink says why an implementation that is a symbolic link is not run,
// and what to do about it (discover.BadLink).
type badLink struct {
	why string // completes "linux.sh ..."
	fix string
}

// followImplementationLinks follows the implementations that are symbolic
// links (discover.Folder.FollowLinks): one to a regular file inside the
// folder is an implementation like a file; why the others are not run is
// kept in badLinks.
func (c *toolCheck) followImplementationLinks() {
	for name, bad := range c.folder.FollowLinks(c.root) {
		if c.badLinks == nil {
			c.badLinks = map[string]badLink{}
		}
		c.badLinks[name] = badLink{why: bad.Why, fix: bad.Fix}
	}
}
