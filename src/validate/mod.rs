//! The validator (STUB — replaced by the rules work).
