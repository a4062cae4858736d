import LoomCLIKit

LoomCLI.main()
