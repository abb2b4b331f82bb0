package explore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/speccify/speccify-lint/contract"
)

// names are the names of one violation, for Input.Kind: one per missing
// or extra key, else one; each ends with where the failing value is (" at
// /pointer", nothing at the root).
func names(v contract.Violation) []string {
	at := where(v.Pointer)
	if v.Property != "" {
		// The name of a property under propertyNames: the object is where
		// it fails.
		obj := v.Pointer[:strings.LastIndexByte(v.Pointer, '/')+1]
		return []string{fmt.Sprintf("key %q breaks propertyNames%s", v.Property, where(strings.TrimSuffix(obj, "/")))}
	}
	each := func(keys []string, format string) []string {
		out := make([]string, len(keys))
		for i, k := range keys {
			out[i] = fmt.Sprintf(format, k) + at
		}
		return out
	}
	switch k := v.Kind.(type) {
	case *kind.Required:
		return each(k.Missing, "required key %q missing")
	case *kind.AdditionalProperties:
		return each(k.Properties, "extra key %q (additionalProperties: false)")
	case *kind.DependentRequired:
		return each(k.Missing, "key "+quote(k.Prop)+" without %q (dependentRequired)")
	case *kind.Dependency:
		return each(k.Missing, "key "+quote(k.Prop)+" without %q (dependencies)")
	case *kind.Type:
		if k.Got == "number" && slices.Contains(k.Want, "integer") {
			return []string{"not an integer" + at}
		}
		want := slices.Sorted(slices.Values(k.Want))
		return []string{fmt.Sprintf("wrong type: %s instead of %s", k.Got, strings.Join(want, " or ")) + at}
	case *kind.Const:
		return []string{"not the const" + at}
	case *kind.Enum:
		return []string{"not in the enum" + at}
	case *kind.Minimum:
		return []string{"below minimum " + ratNumber(k.Want).String() + at}
	case *kind.ExclusiveMinimum:
		return []string{"below minimum " + ratNumber(k.Want).String() + " (exclusive)" + at}
	case *kind.Maximum:
		return []string{"above maximum " + ratNumber(k.Want).String() + at}
	case *kind.ExclusiveMaximum:
		return []string{"above maximum " + ratNumber(k.Want).String() + " (exclusive)" + at}
	case *kind.MultipleOf:
		return []string{"not a multiple of " + ratNumber(k.Want).String() + at}
	case *kind.MinLength:
		return []string{fmt.Sprintf("shorter than minLength %d", k.Want) + at}
	case *kind.MaxLength:
		return []string{fmt.Sprintf("longer than maxLength %d", k.Want) + at}
	case *kind.Pattern:
		return []string{fmt.Sprintf("breaks pattern %q", k.Want) + at}
	case *kind.Format:
		return []string{fmt.Sprintf("breaks format %q", k.Want) + at}
	case *kind.MinItems:
		return []string{fmt.Sprintf("fewer items than minItems %d", k.Want) + at}
	case *kind.MaxItems:
		return []string{fmt.Sprintf("more items than maxItems %d", k.Want) + at}
	case *kind.UniqueItems:
		return []string{"repeated item (uniqueItems)" + at}
	case *kind.AdditionalItems:
		return []string{"extra items (additionalItems: false)" + at}
	case *kind.Contains:
		return []string{"no item matches contains" + at}
	case *kind.MinContains:
		return []string{fmt.Sprintf("fewer items than minContains %d match contains", k.Want) + at}
	case *kind.MaxContains:
		return []string{fmt.Sprintf("more items than maxContains %d match contains", k.Want) + at}
	case *kind.MinProperties:
		return []string{fmt.Sprintf("fewer keys than minProperties %d", k.Want) + at}
	case *kind.MaxProperties:
		return []string{fmt.Sprintf("more keys than maxProperties %d", k.Want) + at}
	case *kind.FalseSchema:
		return []string{"not allowed (false schema)" + at}
	case *kind.Not:
		return []string{"matches not" + at}
	case *kind.OneOf:
		if len(k.Subschemas) > 0 {
			return []string{"matches more than one of oneOf" + at}
		}
		return []string{"matches none of oneOf" + at}
	case *kind.AnyOf:
		return []string{"matches none of anyOf" + at}
	}
	return []string{v.Msg + at}
}

func quote(s string) string { return fmt.Sprintf("%q", s) }

// where is the " at /pointer" suffix of a violation's name, nothing at the
// root.
func where(pointer string) string {
	if pointer == "" {
		return ""
	}
	return " at " + pointer
}
