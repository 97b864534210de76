//! Wiring of the site crates into the binary: seeding, serving and dumping ground truth.

use std::process::ExitCode;

/// Arguments of `agora seed`.
#[derive(Debug, clap::Args)]
pub struct SeedArgs {}

/// Arguments of `agora sites`.
#[derive(Debug, clap::Args)]
pub struct SitesArgs {}

/// Builds the base databases.
pub async fn seed(_args: SeedArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("seeding arrives with the classifieds site")
}

/// Serves the sites or dumps their ground truth.
pub async fn run(_args: SitesArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("sites arrive with the classifieds site")
}
