package explore

// formatSamples are valid strings of the common formats, the first one the
// boundary value; random strings of a format are drawn from them.
var formatSamples = map[string][]string{
	"date-time":             {"2024-01-02T03:04:05Z", "1970-01-01T00:00:00Z", "2024-02-29T23:59:59.999+14:00", "2024-12-31T12:00:00-08:00"},
	"date":                  {"2024-01-02", "1970-01-01", "2024-02-29", "9999-12-31"},
	"time":                  {"03:04:05Z", "00:00:00Z", "23:59:59.5+01:00"},
	"duration":              {"P1D", "PT0S", "P1Y2M3DT4H5M6S", "PT1.5S"},
	"email":                 {"a@example.com", "first.last+tag@example.org", "x@sub.example.co"},
	"idn-email":             {"a@example.com", "用户@例子.广告"},
	"hostname":              {"example.com", "a", "sub-domain.example.org"},
	"idn-hostname":          {"example.com", "例子.广告"},
	"ipv4":                  {"192.0.2.1", "0.0.0.0", "255.255.255.255", "127.0.0.1"},
	"ipv6":                  {"2001:db8::1", "::", "::1", "fe80::1:2:3:4", "::ffff:192.0.2.1"},
	"uri":                   {"https://example.com/a", "urn:isbn:0451450523", "file:///tmp/x", "https://example.com/a%20b?q=1#f"},
	"uri-reference":         {"a/b", "", "https://example.com/", "../x?y#z"},
	"iri":                   {"https://example.com/é", "https://例子.广告/"},
	"iri-reference":         {"a/é", ""},
	"uri-template":          {"https://example.com/{id}", "/a{?q}"},
	"uuid":                  {"123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000", "123E4567-E89B-12D3-A456-426614174000"},
	"json-pointer":          {"/a/b", "", "/a~1b/~0c", "/0"},
	"relative-json-pointer": {"0", "1/a", "0#"},
	"regex":                 {"a+", "^[a-z]*$", ".*"},
}

// nearFormatSamples are strings that almost have a format: a day past the
// month's end, a missing offset or part, a number out of range, a doubled
// or missing separator. Where the format is an annotation (draft 2019-09
// and later) they are valid inputs that a parser in the implementation
// may still reject, and should answer with ok: false rather than crash;
// where it is asserted (draft 7 and older) they are targeted invalid ones.
var nearFormatSamples = map[string][]string{
	"date-time":    {"2024-02-30T00:00:00Z", "2024-01-02T03:04:05", "2024-01-02T24:00:00Z", "2024-13-02T03:04:05Z", "2024-01-02T03:04:05+1:00"},
	"date":         {"2024-02-30", "2023-02-29", "2024-13-01", "2024-1-2", "2024/01/02", "20240102"},
	"time":         {"24:00:00Z", "03:04:05", "3:04:05Z", "03:60:00Z"},
	"duration":     {"P", "PT", "1D", "P1DT"},
	"email":        {"a@", "a@@example.com", "a b@example.com", "a@example..com"},
	"hostname":     {"-a.example.com", "a_b.example.com", "a..example.com"},
	"ipv4":         {"256.0.0.1", "1.2.3", "01.2.3.4", "1.2.3.4.5", "1.2.3.-4"},
	"ipv6":         {"2001:db8::1::2", "12345::", "::g", "1:2:3:4:5:6:7:8:9", "2001:db8:::1"},
	"uri":          {"example.com/a", "//example.com/a", "https://exa mple.com/", "a/b"},
	"uuid":         {"123e4567-e89b-12d3-a456-42661417400", "123e4567e89b12d3a456426614174000", "g23e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-4266141740000"},
	"json-pointer": {"a/b", "/a~2"},
	"regex":        {"(", "[a-", "a{2,1}"},
}
