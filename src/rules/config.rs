//! Which rules run and how serious each is, with ruff's selection semantics.

use super::{Group, Rule, Severity};
use crate::error::Error;

/// Rule selection and severities.
///
/// `select` replaces the enabled set, `extend_select` adds to it, `ignore`
/// removes from it. Naming a group or `all` enables every rule in it,
/// including rules that are off by default: asking for a group by name is
/// asking for all of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleConfig {
    /// One bit per rule, indexed by `Rule as usize`.
    enabled: u64,
    /// Configured severities; `None` means the rule's own.
    severities: [Option<Severity>; Rule::ALL.len()],
}

impl Default for RuleConfig {
    /// The defaults of the README: every rule with a default severity is on.
    fn default() -> RuleConfig {
        let mut enabled = 0;
        for &rule in Rule::ALL {
            if rule.meta().default.is_some() {
                enabled |= bit(rule);
            }
        }
        RuleConfig {
            enabled,
            severities: [None; Rule::ALL.len()],
        }
    }
}

fn bit(rule: Rule) -> u64 {
    1 << (rule as usize)
}

/// Parse a comma list of rule names, group names and `all` into a rule set.
fn parse(spec: &str) -> Result<u64, String> {
    let mut set = 0;
    for name in spec.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        if name == "all" {
            set |= Rule::ALL.iter().fold(0, |acc, &r| acc | bit(r));
        } else if let Some(group) = Group::from_name(name) {
            for &rule in Rule::ALL.iter().filter(|r| r.group() == group) {
                set |= bit(rule);
            }
        } else if let Some(rule) = Rule::from_name(name) {
            set |= bit(rule);
        } else {
            return Err(format!(
                "unknown rule or group `{name}` (see `urlint rules`)"
            ));
        }
    }
    Ok(set)
}

impl RuleConfig {
    /// Enable exactly the rules named by `spec` (`RULE|GROUP|all`, comma
    /// separated), replacing the current selection. On error nothing changes.
    pub fn select(&mut self, spec: &str) -> Result<(), Error> {
        self.enabled = parse(spec)?;
        Ok(())
    }

    /// Enable the rules named by `spec` as well.
    pub fn extend_select(&mut self, spec: &str) -> Result<(), Error> {
        self.enabled |= parse(spec)?;
        Ok(())
    }

    /// Disable the rules named by `spec`.
    pub fn ignore(&mut self, spec: &str) -> Result<(), Error> {
        self.enabled &= !parse(spec)?;
        Ok(())
    }

    /// Give `rule` this severity and enable it: configuring a severity for a
    /// rule (`bare-url = "warning"` in `urlint.toml`) means wanting it.
    pub fn set_severity(&mut self, rule: Rule, severity: Severity) {
        self.severities[rule as usize] = Some(severity);
        self.enabled |= bit(rule);
    }

    /// The severity `rule` reports with, or `None` when it is disabled.
    pub fn severity(&self, rule: Rule) -> Option<Severity> {
        if self.enabled & bit(rule) == 0 {
            return None;
        }
        Some(self.severities[rule as usize].unwrap_or(rule.meta().severity_when_enabled))
    }

    /// Whether `rule` runs.
    pub fn is_enabled(&self, rule: Rule) -> bool {
        self.enabled & bit(rule) != 0
    }

    /// The enabled rules, in registry order.
    pub fn enabled(&self) -> impl Iterator<Item = Rule> + '_ {
        Rule::ALL.iter().copied().filter(|&r| self.is_enabled(r))
    }

    /// A configuration with every rule enabled (for tests and `--select all`).
    pub fn all() -> RuleConfig {
        let mut c = RuleConfig::default();
        c.enabled = parse("all").unwrap_or(c.enabled);
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_set_fits_in_the_bitset() {
        assert!(Rule::ALL.len() <= 64);
    }

    #[test]
    fn defaults_follow_spec() {
        let c = RuleConfig::default();
        assert_eq!(
            c.severity(Rule::InvalidPercentEscape),
            Some(Severity::Error)
        );
        assert_eq!(c.severity(Rule::PasswordInUrl), Some(Severity::Warning));
        assert_eq!(c.severity(Rule::UppercaseScheme), Some(Severity::Info));
        assert_eq!(c.severity(Rule::BareUrl), None);
        assert_eq!(c.severity(Rule::UnnecessaryEscape), None);
        assert_eq!(c.severity(Rule::WhitespaceInUrl), None);
    }

    #[test]
    fn select_replaces_and_groups_enable_off_rules() {
        let mut c = RuleConfig::default();
        c.select("style").unwrap();
        assert_eq!(c.severity(Rule::BareUrl), Some(Severity::Info));
        assert_eq!(c.severity(Rule::UppercaseScheme), Some(Severity::Info));
        assert_eq!(c.severity(Rule::InvalidHost), None);
        c.select("invalid-host, security").unwrap();
        assert!(c.is_enabled(Rule::InvalidHost));
        assert!(c.is_enabled(Rule::EncodedLineBreak));
        assert!(!c.is_enabled(Rule::BareUrl));
        c.select("all").unwrap();
        assert_eq!(c.enabled().count(), Rule::ALL.len());
    }

    #[test]
    fn extend_and_ignore_add_and_remove() {
        let mut c = RuleConfig::default();
        c.extend_select("bare-url").unwrap();
        assert!(c.is_enabled(Rule::BareUrl));
        assert!(c.is_enabled(Rule::InvalidHost));
        c.ignore("syntax,bare-url").unwrap();
        assert!(!c.is_enabled(Rule::InvalidHost));
        assert!(!c.is_enabled(Rule::BareUrl));
        assert!(c.is_enabled(Rule::InvalidMailto));
    }

    #[test]
    fn unknown_names_are_errors_that_name_them_and_change_nothing() {
        let mut c = RuleConfig::default();
        let before = c.clone();
        let err = c.select("invalid-host,bogus-rule").unwrap_err();
        assert!(err.to_string().contains("bogus-rule"), "{err}");
        assert_eq!(c, before);
        assert!(c.ignore("Syntax").is_err());
    }

    #[test]
    fn set_severity_overrides_and_enables() {
        let mut c = RuleConfig::default();
        c.set_severity(Rule::InvalidHost, Severity::Warning);
        assert_eq!(c.severity(Rule::InvalidHost), Some(Severity::Warning));
        c.set_severity(Rule::BareUrl, Severity::Error);
        assert_eq!(c.severity(Rule::BareUrl), Some(Severity::Error));
        c.ignore("bare-url").unwrap();
        assert_eq!(c.severity(Rule::BareUrl), None);
    }
}
