<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CommandLine</name>
    <message>
        <source>Runlens opens performance runs recorded by runlens-rec and compares them: time-series charts, flame graphs and summary deltas between a baseline and the other runs.</source>
        <translation>Runlens 可打开由 runlens-rec 录制的性能运行记录并进行比较：时间序列图、火焰图，以及基线与其他运行之间的汇总差异。</translation>
    </message>
    <message>
        <source>Open the bundled demo runs.</source>
        <translation>打开内置的演示运行记录。</translation>
    </message>
    <message>
        <source>Run archives (.tar.gz) to open.</source>
        <translation>要打开的运行记录归档（.tar.gz）。</translation>
    </message>
    <message>
        <source>Run &apos;runlens --help&apos; for the options.</source>
        <translation>运行 &apos;runlens --help&apos; 查看可用选项。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Runlens</source>
        <translation>Runlens</translation>
    </message>
    <message>
        <source>Recording on a remote host over SSH is not available in this version yet.</source>
        <translation>此版本尚不支持通过 SSH 在远程主机上录制。</translation>
    </message>
    <message>
        <source>This build has no demo runs bundled yet.</source>
        <translation>此版本尚未内置演示运行记录。</translation>
    </message>
    <message>
        <source>Open run archives or drop them here to compare them.</source>
        <translation>打开运行记录归档或将其拖放到此处进行比较。</translation>
    </message>
    <message>
        <source>&amp;Open Runs…</source>
        <translation>打开运行记录(&amp;O)…</translation>
    </message>
    <message>
        <source>Open one or more run archives</source>
        <translation>打开一个或多个运行记录归档</translation>
    </message>
    <message>
        <source>&amp;Close All</source>
        <translation>全部关闭(&amp;C)</translation>
    </message>
    <message>
        <source>Close every open run and return to the welcome page</source>
        <translation>关闭所有打开的运行记录并返回欢迎页</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Welcome Page</source>
        <translation>欢迎页(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <source>Show &amp;Status Bar</source>
        <translation>显示状态栏(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;About Runlens</source>
        <translation>关于 Runlens(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>No recent run archives</source>
        <translation>没有最近打开的运行记录归档</translation>
    </message>
    <message>
        <source>Clear Recent</source>
        <translation>清除最近打开记录</translation>
    </message>
    <message>
        <source>Open Run Archives</source>
        <translation>打开运行记录归档</translation>
    </message>
    <message>
        <source>Run archives (*.tar.gz *.tgz);;All files (*)</source>
        <translation>运行记录归档 (*.tar.gz *.tgz);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 does not exist. Check the path, or remove it from Open Recent.</source>
        <translation>%1 不存在。请检查路径，或将其从“最近打开”中移除。</translation>
    </message>
    <message>
        <source>%1 is not a file. Choose a run archive (.tar.gz).</source>
        <translation>%1 不是文件。请选择运行记录归档（.tar.gz）。</translation>
    </message>
    <message>
        <source>%1 cannot be read: permission denied. Check the file&apos;s permissions.</source>
        <translation>无法读取 %1：权限被拒绝。请检查该文件的权限。</translation>
    </message>
    <message numerus="yes">
        <source>%n run archive(s) selected.</source>
        <translation>
            <numerusform>已选择 %n 个运行记录归档。</numerusform>
        </translation>
    </message>
    <message>
        <source>Some files could not be opened</source>
        <translation>部分文件无法打开</translation>
    </message>
    <message>
        <source>All runs closed.</source>
        <translation>已关闭所有运行记录。</translation>
    </message>
    <message>
        <source>About Runlens</source>
        <translation>关于 Runlens</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Runlens %1&lt;/h3&gt;&lt;p&gt;Record a host while a workload runs, then compare baseline and tuned runs: system metrics, CPU counters and flame graphs, side by side.&lt;/p&gt;&lt;p&gt;Recordings are made with &lt;code&gt;runlens-rec&lt;/code&gt; on the host under test.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Runlens %1&lt;/h3&gt;&lt;p&gt;在工作负载运行期间录制主机数据，然后并排比较基线运行与调优运行：系统指标、CPU 计数器和火焰图。&lt;/p&gt;&lt;p&gt;录制通过在被测主机上运行 &lt;code&gt;runlens-rec&lt;/code&gt; 完成。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <source>Runlens</source>
        <translation>Runlens</translation>
    </message>
    <message>
        <source>Record a host while your workload runs, then compare a baseline run with a tuned run metric by metric: CPU states, memory, interrupts, disks, network, CPU counters and flame graphs.</source>
        <translation>在工作负载运行期间录制主机数据，然后逐项指标比较基线运行与调优运行：CPU 状态、内存、中断、磁盘、网络、CPU 计数器和火焰图。</translation>
    </message>
    <message>
        <source>Open Run Archives…</source>
        <translation>打开运行记录归档…</translation>
    </message>
    <message>
        <source>Open .tar.gz runs recorded by runlens-rec or sent by colleagues. You can also drop them onto this window.</source>
        <translation>打开由 runlens-rec 录制或由同事发送的 .tar.gz 运行记录。也可以将其拖放到此窗口中。</translation>
    </message>
    <message>
        <source>Connect to a Host…</source>
        <translation>连接到主机…</translation>
    </message>
    <message>
        <source>Start a recording on an EC2 instance or any Linux host over SSH and open the run when it is done.</source>
        <translation>通过 SSH 在 EC2 实例或任意 Linux 主机上开始录制，完成后打开该运行记录。</translation>
    </message>
    <message>
        <source>Open the Demo Runs</source>
        <translation>打开演示运行记录</translation>
    </message>
    <message>
        <source>A baseline and a tuned run of a small workload, to see what a comparison looks like.</source>
        <translation>一个小型工作负载的基线运行与调优运行，可借此了解比较的效果。</translation>
    </message>
    <message>
        <source>Recent run archives</source>
        <translation>最近打开的运行记录归档</translation>
    </message>
</context>
</TS>
