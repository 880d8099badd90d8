-- Star Chess request priorities tuned by SPSA (doc/lab.md): stratagem sprt starchess --a '{}' --b doc/lab-starchess-spsa.lua --max-games 400 --fixed
return {
  priorities = {
    attack_colony = {
      max = {
        at_least = 44,
        t = 3,
      },
    },
    attack_homeworld = {
      max = {
        at_least = 55,
        t = 3,
      },
    },
    colonise = {
      min = {
        add = 12,
        t = 0,
      },
    },
    garrison = {
      max = {
        t = 3,
      },
      priority = 4,
    },
  },
}
