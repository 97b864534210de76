//! `agora tasks generate`: tasks instantiated from templates over the sites' ground truth.

use crate::generate::{Options, Split, Truths, generate_reporting, load_templates};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `agora tasks generate`.
#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// Template files, site folders of them, or a folder of site folders.
    #[arg(long, required = true, num_args = 1..)]
    pub templates: Vec<PathBuf>,
    /// Instances per template (fewer where the ground truth holds fewer).
    #[arg(long, default_value_t = 5)]
    pub per_template: usize,
    /// Seed of the order instances are drawn in.
    #[arg(long, default_value_t = 28)]
    pub seed: u64,
    /// The folder to write `<site>/<id>.json` and `<site>/images/` into.
    #[arg(long)]
    pub out: PathBuf,
    /// Write only the train or only the test instances (split by the templates' slot values,
    /// so no slot value is in both).
    #[arg(long, value_enum)]
    pub split: Option<Split>,
    /// The share of slot values, in percent, that belongs to the test split.
    #[arg(long, default_value_t = crate::generate::DEFAULT_TEST_PERCENT, value_parser = clap::value_parser!(u8).range(1..=99))]
    pub test_percent: u8,
    /// The first task id in each site folder (ids after the hand-written tasks).
    #[arg(long, default_value_t = 1000)]
    pub first_id: u64,
    /// Remove the generated files already in the output's site folders before writing.
    #[arg(long)]
    pub replace: bool,
    /// Write nothing: regenerate and compare with `--out`, listing every file that differs;
    /// exits with status 1 if any does.
    #[arg(long, conflicts_with = "replace")]
    pub check: bool,
    /// Where the sites' base databases live.
    #[command(flatten)]
    pub data_dir: crate::sites::DataDir,
}

/// Runs `agora tasks generate`.
pub fn generate_command(args: &GenerateArgs) -> anyhow::Result<ExitCode> {
    if args.per_template == 0 {
        anyhow::bail!("--per-template must be at least 1");
    }
    let templates = load_templates(&args.templates)?;
    let options = Options {
        per_template: args.per_template,
        seed: args.seed,
        split: args.split,
        test_percent: args.test_percent,
        first_id: args.first_id,
    };
    let mut truths = Truths::new(&args.data_dir);
    let progress = super::progress::bar(templates.len(), "templates");
    let generated = generate_reporting(&templates, &mut truths, &options, &mut |report| {
        progress.set_message(report.name.clone());
        progress.inc(1);
    });
    progress.finish_and_clear();
    let (suite, reports) = generated?;
    let short: Vec<&str> = reports
        .iter()
        .filter(|report| report.generated < args.per_template)
        .map(|report| report.name.as_str())
        .collect();
    for report in &reports {
        println!("{report}");
    }
    println!(
        "{} task(s) and {} picture(s) from {} template(s); {} template(s) gave fewer than {}{}",
        suite.tasks(),
        suite.pictures(),
        templates.len(),
        short.len(),
        args.per_template,
        if short.is_empty() {
            String::new()
        } else {
            format!(" ({})", short.join(", "))
        }
    );
    if args.check {
        let differences = suite.differences(&args.out)?;
        for difference in &differences {
            println!("{difference}");
        }
        println!(
            "{}: {} file(s) differ from what the templates generate",
            args.out.display(),
            differences.len()
        );
        return Ok(if differences.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        });
    }
    suite.write(&args.out, args.replace)?;
    println!("wrote {}", args.out.display());
    Ok(ExitCode::SUCCESS)
}
