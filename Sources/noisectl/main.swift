import NoisectlCommands

// The commands live in NoisectlCommands (unit-tested there), the connection in NoiseClient.
NoisectlMain.main(Array(CommandLine.arguments.dropFirst()))
