-- uncaught error deep in a call chain
local function level3(t)
  return t.value.inner
end
local function level2(t) return level3(t) + 1 end
local function level1(t) return level2(t) * 2 end
print(level1({value = {inner = 1}}))
print(level1({value = {inner = 5}}))
print(level1({}))
print("never printed")
