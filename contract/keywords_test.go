package contract

import "testing"

// TestInNameMap: a mapping holds names right under a name-map keyword of a
// mapping of keywords, and keywords again under a name.
func TestInNameMap(t *testing.T) {
	for _, c := range []struct {
		keys []string
		want bool
	}{
		{nil, false},
		{[]string{"properties"}, true},
		{[]string{"properties", "a"}, false},
		{[]string{"properties", "properties"}, false},
		{[]string{"properties", "a", "properties"}, true},
		{[]string{"dependentRequired"}, true},
		{[]string{"dependencies"}, true},
		{[]string{"allOf", "0"}, false},
		{[]string{"allOf", "", "$defs"}, true},
		{[]string{"items"}, false},
	} {
		if got := InNameMap(c.keys); got != c.want {
			t.Errorf("InNameMap(%q) = %v, want %v", c.keys, got, c.want)
		}
	}
}

// TestKeywordLists: the text keywords are keywords, and every name-map
// keyword is one.
func TestKeywordLists(t *testing.T) {
	for _, k := range append(append([]string{}, textKeywords...), nameMapKeywords...) {
		if !IsSchemaKeyword(k) {
			t.Errorf("%s is not in schemaKeywords", k)
		}
	}
	if IsSchemaKeyword("inputs") || !IsTextKeyword("description") || IsTextKeyword("type") {
		t.Error("keyword lists wrong")
	}
}

func TestEveryKnownFieldHasADoc(t *testing.T) {
	for _, k := range KnownFields {
		if FieldDocs[k] == "" {
			t.Errorf("FieldDocs has no text for %s", k)
		}
	}
	if len(FieldDocs) != len(KnownFields) {
		t.Errorf("FieldDocs has %d entries, KnownFields %d", len(FieldDocs), len(KnownFields))
	}
}
