// Several processes often share a command name: every JVM is "java", every script "python3". What
// tells them apart is the program they were started with — `java -jar a.jar`, `python3 train.py`,
// `java -cp lib com.example.Server`. That argument is read from the command line the recorder
// kept, so that the same program in two runs carries the same name and overlays, and two
// different programs of one command never do.
#pragma once

#include <string>
#include <vector>

// The program argument of a command line (argv[0] first): the value of `-jar` or `-m`, else the
// first argument that is not an option nor the value of an option known to take one (`-cp X`,
// `-c CODE`), reduced to its file name (`/opt/app/a.jar` -> `a.jar`). Empty when there is none
// (only options, a kernel thread, a process that rewrote its argv as one string like
// "postgres: checkpointer"): the process is then known by its command name alone.
std::string distinguishingArgument(const std::vector<std::string>& arguments);
