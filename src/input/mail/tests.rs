//! Fixture tests.
