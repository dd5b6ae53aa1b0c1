-- local <close> with __close metamethod
local log = {}
local function res(name)
  return setmetatable({name = name}, {__close = function(self, err)
    log[#log + 1] = "close " .. self.name .. (err and (" err") or "")
  end})
end
do
  local a <close> = res("a")
  local b <close> = res("b")
  log[#log + 1] = "body"
end
print(table.concat(log, "; "))
log = {}
local function f()
  local r <close> = res("f")
  return "result"
end
print(f(), table.concat(log, "; "))
log = {}
local ok = pcall(function()
  local r <close> = res("p")
  error("boom")
end)
print(ok, table.concat(log, "; "))
log = {}
for i = 1, 2 do
  local r <close> = res("loop" .. i)
  if i == 2 then break end
end
print(table.concat(log, "; "))
do local n <close> = nil; local fl <close> = false end
print("nil and false are allowed")
print(pcall(function() local bad <close> = {} end) == false)
