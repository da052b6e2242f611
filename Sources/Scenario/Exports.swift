// `import Scenario` brings the scenario language with it: a runner's users parse and play.
@_exported import ScenarioLanguage
// A scenario's warnings carry `Pitfall`s: their kinds and words come with `import Scenario`.
@_exported import Pitfalls
