//! The validator (STUB — replaced by the rules work).
use crate::rules::RuleConfig;
use crate::{Candidate, Diagnostic};

/// Validator.
#[derive(Debug)]
pub struct Validator;

impl Validator {
    /// New.
    pub fn new(_c: &RuleConfig, _e: &[String]) -> Validator {
        Validator
    }
    /// Check.
    pub fn check(&self, _c: &Candidate, _out: &mut Vec<Diagnostic>) {}
}
