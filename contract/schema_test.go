package contract

import (
	"reflect"
	"testing"
)

func TestRemoteRefs(t *testing.T) {
	const fetch = "is not fetched: speccify-lint reads neither the network nor files outside the tool folder; put the schema under $defs and refer to it as #/$defs/..."
	const outside = "is outside the tool folder and is not read; copy the schema into the tool folder or under $defs"
	tests := []struct {
		schema string
		want   []SchemaIssue
	}{
		{`{"properties": {"a": {"$ref": "#/$defs/a"}}, "$defs": {"a": {"enum": ["x"]}}}`, nil},
		{`{"$ref": "defs.json#/a", "allOf": [{"$ref": "./sub/b.json"}]}`, nil},
		{`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": "https://json-schema.org/draft/2020-12/schema"}`, nil},
		{`{"$ref": 5, "description": "../x.json", "enum": ["http://example.com"]}`, nil},
		{`{
			"z": {"$ref": "http://example.com/z.json"},
			"a/b~c": [1, {"$dynamicRef": "../up.json"}, [{"$ref": "file:///etc/x.json"}]],
			"$ref": "/abs.json",
			"m": {"$recursiveRef": "https://example.com/r"},
			"$defs": {"k": {"$ref": {"$ref": "#"}}, "l": {"$ref": "#/x"}}
		}`, []SchemaIssue{
			{Pointer: "/$ref", Msg: `$ref "/abs.json" ` + outside},
			{Pointer: "/a~1b~0c/1/$dynamicRef", Msg: `$dynamicRef "../up.json" ` + outside},
			{Pointer: "/a~1b~0c/2/0/$ref", Msg: `$ref "file:///etc/x.json" ` + fetch},
			{Pointer: "/m/$recursiveRef", Msg: `$recursiveRef "https://example.com/r" ` + fetch},
			{Pointer: "/z/$ref", Msg: `$ref "http://example.com/z.json" ` + fetch},
		}},
	}
	for _, tt := range tests {
		v, err := ParseJSON([]byte(tt.schema))
		if err != nil {
			t.Fatalf("%s: %v", tt.schema, err)
		}
		if got := remoteRefs(v); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("remoteRefs(%s) =\n%v\nwant\n%v", tt.schema, got, tt.want)
		}
	}
}
