//! The `agora` command: a thin shell over [`agora::cli`].

fn main() -> std::process::ExitCode {
    agora::cli::main()
}
