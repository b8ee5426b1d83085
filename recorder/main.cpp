// runlens-rec: the headless recorder that runs on the host under test.
#include "FormatVersion.h"
#include "RunlensVersion.h"

#include <CLI/CLI.hpp>

#include <iostream>

namespace {

std::string versionText()
{
    return std::string("runlens-rec ") + runlens::kVersion + " (run archive format "
         + runlens::format::FormatVersion{runlens::format::kFormatMajor, runlens::format::kFormatMinor}.toString()
         + ")";
}

} // namespace

int main(int argc, char** argv)
{
    CLI::App app{"runlens-rec records a host's system metrics, CPU counters and stacks into one run "
                 "archive (NAME.tar.gz) that the Runlens app opens and compares.",
                 "runlens-rec"};
    app.set_version_flag("-V,--version", versionText());
    app.footer("Run 'runlens-rec SUBCOMMAND --help' for the options of a subcommand.");
    app.require_subcommand(0, 1);

    CLI11_PARSE(app, argc, argv);

    if (app.get_subcommands().empty()) {
        std::cout << app.help();
        return 0;
    }
    return 0;
}
