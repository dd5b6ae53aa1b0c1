-- realistic: an event emitter (observer pattern) with once-handlers and priorities
local Emitter = {}
Emitter.__index = Emitter
function Emitter.new() return setmetatable({handlers = {}, seq = 0}, Emitter) end
function Emitter:on(event, fn, priority)
  self.seq = self.seq + 1
  local list = self.handlers[event] or {}
  self.handlers[event] = list
  local h = {fn = fn, priority = priority or 0, seq = self.seq}
  list[#list + 1] = h
  table.sort(list, function(a, b)
    if a.priority ~= b.priority then return a.priority > b.priority end
    return a.seq < b.seq
  end)
  return h
end
function Emitter:once(event, fn, priority)
  local h
  h = self:on(event, function(...) self:off(event, h); return fn(...) end, priority)
  return h
end
function Emitter:off(event, handle)
  local list = self.handlers[event]
  if not list then return false end
  for i = #list, 1, -1 do
    if list[i] == handle then table.remove(list, i); return true end
  end
  return false
end
function Emitter:emit(event, ...)
  local list = self.handlers[event]
  if not list then return 0 end
  local snapshot = {table.unpack(list)}
  local results = {}
  for _, h in ipairs(snapshot) do
    local ok, r = pcall(h.fn, ...)
    results[#results + 1] = ok and tostring(r) or ("ERR:" .. tostring(r):gsub("^.-:%d+: ", ""))
  end
  return #snapshot, table.concat(results, "|")
end
local e = Emitter.new()
local log = {}
e:on("data", function(x) log[#log + 1] = "low:" .. x; return "low" end, -1)
local mid = e:on("data", function(x) log[#log + 1] = "mid:" .. x; return "mid" end)
e:on("data", function(x) log[#log + 1] = "high:" .. x; return "high" end, 10)
e:once("data", function(x) log[#log + 1] = "once:" .. x; return "once" end, 5)
print(e:emit("data", 1))
print(e:emit("data", 2))
print(e:off("data", mid), e:off("data", mid))
print(e:emit("data", 3))
print(table.concat(log, " "))
e:on("fail", function() error("handler failed") end)
e:on("fail", function(a, b) return a + b end)
print(e:emit("fail", 20, 22))
print(e:emit("nothing"))
local counter = 0
for i = 1, 3 do e:once("tick", function() counter = counter + i; return counter end) end
print(e:emit("tick"))
print(e:emit("tick"), counter)
