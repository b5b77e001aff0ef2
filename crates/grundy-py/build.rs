//! Lets cargo's own builds of this crate (tests, clippy) find libpython
//! at run time: they link it, unlike the extension module maturin builds
//! (feature `extension-module`), which takes it from the interpreter.

fn main() {
    if std::env::var_os("CARGO_FEATURE_EXTENSION_MODULE").is_some() {
        return;
    }
    let config = pyo3_build_config::get();
    if let Some(dir) = &config.lib_dir {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
}
