<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ChartGrid</name>
    <message>
        <source>Which instance to show: the aggregate of all, or one CPU, disk, interface …</source>
        <translation>要显示的实例：所有实例的汇总，或单个 CPU、磁盘、网络接口…</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>Show every instance (each CPU, disk …) over time as a heat map</source>
        <translation>以热力图显示每个实例（每个 CPU、磁盘…）随时间的变化</translation>
    </message>
    <message>
        <source>Remove this chart</source>
        <translation>移除此图表</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>all (aggregate)</source>
        <translation>全部（汇总）</translation>
    </message>
</context>
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
    <name>HeatMapView</name>
    <message>
        <source>%1: %2, pale %3 to dark %4</source>
        <translation>%1：%2，浅色 %3 至深色 %4</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1，%2：%3</translation>
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
    <message>
        <source>This build has no demo runs bundled.</source>
        <translation>此构建未内置演示运行记录。</translation>
    </message>
    <message>
        <source>&amp;Save Session…</source>
        <translation>保存会话(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the open runs, charts, zoom and selection to a .runlens file</source>
        <translation>将打开的运行记录、图表、缩放和选择范围保存到 .runlens 文件</translation>
    </message>
    <message>
        <source>Open runs first: a session remembers the open runs and charts.</source>
        <translation>请先打开运行记录：会话会保存已打开的运行记录和图表。</translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Runlens sessions (*.runlens)</source>
        <translation>Runlens 会话 (*.runlens)</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>重置缩放(&amp;R)</translation>
    </message>
    <message>
        <source>Show the whole time range again (also: double-click or Esc in a chart)</source>
        <translation>重新显示完整的时间范围（也可在图表中双击或按 Esc）</translation>
    </message>
    <message>
        <source>C&amp;lear Selection</source>
        <translation>清除选择(&amp;L)</translation>
    </message>
    <message>
        <source>Forget the selected time range (Shift+drag in a chart selects one)</source>
        <translation>取消所选的时间范围（在图表中按住 Shift 拖动可选择范围）</translation>
    </message>
    <message>
        <source>Align Runs by Wall &amp;Clock</source>
        <translation>按实际时间对齐运行记录(&amp;C)</translation>
    </message>
    <message>
        <source>Place runs at their real start times instead of overlaying their starts</source>
        <translation>按实际开始时间放置运行记录，而不是将其起点重叠对齐</translation>
    </message>
    <message>
        <source>Run archives and sessions (*.tar.gz *.tgz *.runlens);;All files (*)</source>
        <translation>运行记录归档和会话 (*.tar.gz *.tgz *.runlens);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop opening the run archives that are still loading</source>
        <translation>停止打开仍在加载的运行记录归档</translation>
    </message>
    <message>
        <source>Opening %1 was cancelled.</source>
        <translation>已取消打开 %1。</translation>
    </message>
    <message>
        <source>%1 is already open.</source>
        <translation>%1 已打开。</translation>
    </message>
    <message numerus="yes">
        <source>Opening %n run archive(s)…</source>
        <translation>
            <numerusform>正在打开 %n 个运行记录归档…</numerusform>
        </translation>
    </message>
    <message>
        <source>Opened %1 (%2).</source>
        <translation>已打开 %1（%2）。</translation>
    </message>
    <message>
        <source>The session could not be saved to %1: %2.</source>
        <translation>无法将会话保存到 %1：%2。</translation>
    </message>
    <message>
        <source>Session saved to %1.</source>
        <translation>会话已保存到 %1。</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2.</source>
        <translation>无法读取 %1：%2。</translation>
    </message>
    <message>
        <source>it is not valid JSON (%1)</source>
        <translation>该文件不是有效的 JSON（%1）</translation>
    </message>
    <message>
        <source>%1 is not a usable session: %2.</source>
        <translation>%1 不是可用的会话：%2。</translation>
    </message>
</context>
<context>
    <name>MetricBrowser</name>
    <message>
        <source>Search metrics (name, id or description)…</source>
        <translation>搜索指标（名称、ID 或描述）…</translation>
    </message>
</context>
<context>
    <name>MetricTreeModel</name>
    <message>
        <source>%1 (%2 of %3 runs)</source>
        <translation>%1（%2/%3 个运行记录）</translation>
    </message>
    <message>
        <source>%1
%2 [%3]
Only %4 of the %5 open runs recorded this metric.</source>
        <translation>%1
%2 [%3]
在已打开的 %5 个运行记录中，只有 %4 个记录了此指标。</translation>
    </message>
    <message>
        <source>%1
%2 [%3]</source>
        <translation>%1
%2 [%3]</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
</context>
<context>
    <name>RunListModel</name>
    <message>
        <source>%1
%2
recorded on %3 at %4</source>
        <translation>%1
%2
于 %4 在 %3 上录制</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行记录</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Shown</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
</context>
<context>
    <name>RunListView</name>
    <message>
        <source>Double-click a name or offset to edit it; Delete removes the selected run.</source>
        <translation>双击名称或偏移可进行编辑；按 Delete 键可移除所选运行记录。</translation>
    </message>
    <message>
        <source>Make Baseline</source>
        <translation>设为基线</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Set Offset…</source>
        <translation>设置偏移…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
</context>
<context>
    <name>RunLoader</name>
    <message>
        <source>%1 is too large to open: not enough memory.</source>
        <translation>%1 过大，无法打开：内存不足。</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>it is not a Runlens session file</source>
        <translation>该文件不是 Runlens 会话文件</translation>
    </message>
    <message>
        <source>it was saved by a newer Runlens; update Runlens to open it</source>
        <translation>该文件由更新版本的 Runlens 保存；请更新 Runlens 后再打开</translation>
    </message>
    <message>
        <source>a run in it has no file</source>
        <translation>其中某个运行记录缺少文件</translation>
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
