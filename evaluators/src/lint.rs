//! Task linting (placeholder replaced below).
