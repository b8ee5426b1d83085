<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="tr_TR">
<context>
    <name>CommandLine</name>
    <message>
        <source>Runlens opens performance runs recorded by runlens-rec and compares them: time-series charts, flame graphs and summary deltas between a baseline and the other runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the bundled demo runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run archives (.tar.gz) to open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run &apos;runlens --help&apos; for the options.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Runlens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recording on a remote host over SSH is not available in this version yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build has no demo runs bundled yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open run archives or drop them here to compare them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Runs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open one or more run archives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close every open run and return to the welcome page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Welcome Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Status Bar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Runlens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent run archives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Run Archives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run archives (*.tar.gz *.tgz);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist. Check the path, or remove it from Open Recent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a file. Choose a run archive (.tar.gz).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be read: permission denied. Check the file&apos;s permissions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n run archive(s) selected.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Some files could not be opened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All runs closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Runlens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Runlens %1&lt;/h3&gt;&lt;p&gt;Record a host while a workload runs, then compare baseline and tuned runs: system metrics, CPU counters and flame graphs, side by side.&lt;/p&gt;&lt;p&gt;Recordings are made with &lt;code&gt;runlens-rec&lt;/code&gt; on the host under test.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <source>Runlens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record a host while your workload runs, then compare a baseline run with a tuned run metric by metric: CPU states, memory, interrupts, disks, network, CPU counters and flame graphs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Run Archives…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open .tar.gz runs recorded by runlens-rec or sent by colleagues. You can also drop them onto this window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to a Host…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a recording on an EC2 instance or any Linux host over SSH and open the run when it is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the Demo Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A baseline and a tuned run of a small workload, to see what a comparison looks like.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent run archives</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
