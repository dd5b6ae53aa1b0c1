-- realistic: stack and double-ended queue implementations
local Stack = {}
Stack.__index = Stack
function Stack.new() return setmetatable({items = {}, size = 0}, Stack) end
function Stack:push(v) self.size = self.size + 1; self.items[self.size] = v end
function Stack:pop()
  if self.size == 0 then return nil end
  local v = self.items[self.size]
  self.items[self.size] = nil
  self.size = self.size - 1
  return v
end
function Stack:peek() return self.items[self.size] end

local Deque = {}
Deque.__index = Deque
function Deque.new() return setmetatable({first = 0, last = -1, items = {}}, Deque) end
function Deque:pushLeft(v) self.first = self.first - 1; self.items[self.first] = v end
function Deque:pushRight(v) self.last = self.last + 1; self.items[self.last] = v end
function Deque:popLeft()
  if self.first > self.last then return nil end
  local v = self.items[self.first]
  self.items[self.first] = nil
  self.first = self.first + 1
  return v
end
function Deque:popRight()
  if self.first > self.last then return nil end
  local v = self.items[self.last]
  self.items[self.last] = nil
  self.last = self.last - 1
  return v
end
function Deque:len() return self.last - self.first + 1 end

local s = Stack.new()
for _, w in ipairs({"a", "b", "c"}) do s:push(w) end
print(s:peek(), s:pop(), s:pop(), s.size, s:pop(), s:pop())
-- balanced brackets with a stack
local function balanced(str)
  local st = Stack.new()
  local pairs_ = {[")"] = "(", ["]"] = "[", ["}"] = "{"}
  for c in str:gmatch("[%(%)%[%]{}]") do
    if pairs_[c] then
      if st:pop() ~= pairs_[c] then return false end
    else
      st:push(c)
    end
  end
  return st.size == 0
end
for _, t in ipairs({"(a[b]{c})", "([)]", "((", "", "{[()()]}"}) do print(t, balanced(t)) end
local d = Deque.new()
for i = 1, 5 do d:pushRight(i) end
d:pushLeft(0); d:pushLeft(-1)
print(d:len(), d:popLeft(), d:popRight(), d:popLeft(), d:len())
-- use the deque as a FIFO queue for a BFS over a small graph
local graph = {a = {"b", "c"}, b = {"d"}, c = {"d", "e"}, d = {"f"}, e = {"f"}, f = {}}
local q = Deque.new()
q:pushRight("a")
local dist = {a = 0}
local order = {}
while q:len() > 0 do
  local n = q:popLeft()
  order[#order + 1] = n .. dist[n]
  for _, m in ipairs(graph[n]) do
    if dist[m] == nil then dist[m] = dist[n] + 1; q:pushRight(m) end
  end
end
print(table.concat(order, " "))
local big = Deque.new()
for i = 1, 10000 do big:pushRight(i) end
local sum = 0
while big:len() > 0 do sum = sum + big:popLeft() end
print(sum, big.first, big.last)
