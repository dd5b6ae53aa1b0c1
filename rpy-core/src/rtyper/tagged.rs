//! Tagged integers: the variant of an enum with data whose payload is one
//! `i64` (`Value::Int(i64)`) is, when the integer fits in 63 bits, a word
//! `(x << 1) | 1` instead of an object of 16 bytes (RPython's tagged
//! pointers; `lltype::TaggedInt` says what the word is). An interpreter's
//! integers then cost no allocation, no collection and no load to read.
//!
//! One variant per enum, the first such; its payload must never be
//! assigned after the variant is made (as for unboxed variants: a word has
//! no field to assign).
//!
//! Architecture invariant: only the rtyper decides, and only `new_tagged`
//! makes a tagged word; the passes after it and the backends find the enums
//! in `Translator::tagged_ints` where a word and an object differ (reading
//! the tag or the integer, and the GC's tracing).

use crate::annotator::Annotations;
use crate::lltype::{ContainerId, TaggedInt};
use crate::translator::Translator;
use crate::ty::{IntTy, StructId, Ty};
use std::collections::HashMap;

/// The enums of the program whose integer variant is tagged.
pub fn find(t: &Translator, ann: &Annotations, containers: &HashMap<StructId, ContainerId>) -> Vec<TaggedInt> {
    let written = super::unboxed::written_payloads(t, ann);
    let mut found = vec![];
    for data in t.enums.values().filter_map(|e| e.data.as_ref()) {
        let Some(&base) = containers.get(&data.base) else { continue };
        let int = data.payloads.iter().enumerate().find(|(_, p)| {
            matches!(t.structs[**p].fields.as_slice(), [(_, Ty::Int(IntTy::I64 | IntTy::Isize))])
                && !written.contains(p)
        });
        if let Some((tag, p)) = int {
            let field = t.structs[*p].fields[0].0.clone();
            found.push(TaggedInt { base, variant: containers[p], tag: tag as u16, field });
        }
    }
    found
}
