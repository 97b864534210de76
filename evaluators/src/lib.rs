//! Scoring of VWA-format tasks.
