// `import Scenario` brings the scenario language with it: a runner's users parse and play.
@_exported import ScenarioLanguage
