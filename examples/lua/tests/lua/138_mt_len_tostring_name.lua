-- __len, __tostring, __name
local L = setmetatable({1, 2, 3}, {__len = function(t) return 42 end})
print(#L, rawlen(L))
local Q = setmetatable({}, {__len = function() return "not a number" end})
print(#Q)
local T = setmetatable({}, {__tostring = function(t) return "I am T" end})
print(tostring(T), T)
print(string.format("%s|%s", T, 1))
local bad = setmetatable({}, {__tostring = function() return 1 end})
print(pcall(tostring, bad) == false)
local named = setmetatable({}, {__name = "Widget"})
print((tostring(named):gsub("0x%x+", "ADDR"):gsub(": [%x]+$", ": ADDR")))
print(tostring(named):match("^Widget: ") ~= nil)
local both = setmetatable({}, {__name = "X", __tostring = function() return "tostring wins" end})
print(tostring(both))
local counter = setmetatable({n = 0}, {__len = function(self) return self.n end})
counter.n = 7
print(#counter)
local items = setmetatable({}, {__tostring = function(self)
  return "Items(" .. table.concat(self, ",") .. ")"
end})
items[1], items[2] = "a", "b"
print(items)
