import GitHubFinderGTK

StartupTrace.mark("entry")
ProcessMemory.configure()
// The entry point stays synchronous: an async top level would call dispatch_main() and the
// main queue would never be drained through GLib's loop.
GitHubFinderCommand.main()
