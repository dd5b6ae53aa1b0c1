-- deltablue.lua: the DeltaBlue incremental constraint solver (Freeman-Benson,
-- Maloney, Borning), ported in the structure of the classic (Octane) version.
-- Exercises class hierarchies via setmetatable/__index, polymorphic method
-- calls, ordered collections (arrays used as queues), and allocation.
-- Runs the chain test and the projection test N times.

local N = tonumber(arg and arg[1]) or 250

local function class(parent)
  local c = {}
  c.__index = c
  return parent and setmetatable(c, { __index = parent }) or c
end

-- Strengths are small integers, strongest first; the next weaker one is s + 1.
local REQUIRED, STRONG_PREFERRED, PREFERRED, STRONG_DEFAULT, NORMAL, WEAK_DEFAULT, WEAKEST =
  0, 1, 2, 3, 4, 5, 6
local function stronger(s1, s2) return s1 < s2 end
local function weaker(s1, s2) return s1 > s2 end
local function weakestOf(s1, s2) if weaker(s1, s2) then return s1 end return s2 end

local planner   -- the current Planner, a global in the original

-- Constraint: abstract base class ------------------------------------------
local Constraint = class()
function Constraint:addConstraint() self:addToGraph(); planner:incrementalAdd(self) end
function Constraint:isInput() return false end
function Constraint:satisfy(mark)
  self:chooseMethod(mark)
  if not self:isSatisfied() then
    if self.strength == REQUIRED then error("Could not satisfy a required constraint!") end
    return nil
  end
  self:markInputs(mark)
  local out = self:output()
  local overridden = out.determinedBy
  if overridden ~= nil then overridden:markUnsatisfied() end
  out.determinedBy = self
  if not planner:addPropagate(self, mark) then error("Cycle encountered") end
  out.mark = mark
  return overridden
end
function Constraint:destroyConstraint()
  if self:isSatisfied() then planner:incrementalRemove(self) else self:removeFromGraph() end
end

-- UnaryConstraint: abstract, one output variable ------------------------------
local UnaryConstraint = class(Constraint)
function UnaryConstraint:init(v, strength)
  self.strength, self.myOutput, self.satisfied = strength, v, false
  self:addConstraint()
  return self
end
function UnaryConstraint:addToGraph() self.myOutput:addConstraint(self); self.satisfied = false end
function UnaryConstraint:removeFromGraph() self.myOutput:removeConstraint(self); self.satisfied = false end
function UnaryConstraint:chooseMethod(mark)
  self.satisfied = self.myOutput.mark ~= mark and stronger(self.strength, self.myOutput.walkStrength)
end
function UnaryConstraint:isSatisfied() return self.satisfied end
function UnaryConstraint:markUnsatisfied() self.satisfied = false end
function UnaryConstraint:markInputs(mark) end
function UnaryConstraint:inputsKnown() return true end
function UnaryConstraint:output() return self.myOutput end
function UnaryConstraint:recalculate()
  self.myOutput.walkStrength = self.strength
  self.myOutput.stay = not self:isInput()
  if self.myOutput.stay then self:execute() end
end

local StayConstraint = class(UnaryConstraint)
function StayConstraint.new(v, s) return setmetatable({}, StayConstraint):init(v, s) end
function StayConstraint:execute() end

local EditConstraint = class(UnaryConstraint)
function EditConstraint.new(v, s) return setmetatable({}, EditConstraint):init(v, s) end
function EditConstraint:isInput() return true end
function EditConstraint:execute() end

-- BinaryConstraint: abstract, two variables, solved in either direction ------
local NONE, FORWARD, BACKWARD = 0, 1, -1
local BinaryConstraint = class(Constraint)
function BinaryConstraint:init(var1, var2, strength)
  self.strength, self.v1, self.v2, self.direction = strength, var1, var2, NONE
  self:addConstraint()
  return self
end
function BinaryConstraint:chooseMethod(mark)   -- including the original's quirks
  local v1, v2, s = self.v1, self.v2, self.strength
  if v1.mark == mark then
    self.direction = (v2.mark ~= mark and stronger(s, v2.walkStrength)) and FORWARD or NONE
  end
  if v2.mark == mark then
    self.direction = (v1.mark ~= mark and stronger(s, v1.walkStrength)) and BACKWARD or NONE
  end
  if weaker(v1.walkStrength, v2.walkStrength) then
    self.direction = stronger(s, v1.walkStrength) and BACKWARD or NONE
  else
    self.direction = stronger(s, v2.walkStrength) and FORWARD or BACKWARD
  end
end
function BinaryConstraint:addToGraph()
  self.v1:addConstraint(self); self.v2:addConstraint(self); self.direction = NONE
end
function BinaryConstraint:removeFromGraph()
  self.v1:removeConstraint(self); self.v2:removeConstraint(self); self.direction = NONE
end
function BinaryConstraint:isSatisfied() return self.direction ~= NONE end
function BinaryConstraint:markUnsatisfied() self.direction = NONE end
function BinaryConstraint:markInputs(mark) self:input().mark = mark end
function BinaryConstraint:input() if self.direction == FORWARD then return self.v1 end return self.v2 end
function BinaryConstraint:output() if self.direction == FORWARD then return self.v2 end return self.v1 end
function BinaryConstraint:inputsKnown(mark)
  local i = self:input()
  return i.mark == mark or i.stay or i.determinedBy == nil
end
function BinaryConstraint:recalculate()
  local ihn, out = self:input(), self:output()
  out.walkStrength = weakestOf(self.strength, ihn.walkStrength)
  out.stay = ihn.stay
  if out.stay then self:execute() end
end

local EqualityConstraint = class(BinaryConstraint)
function EqualityConstraint.new(a, b, s) return setmetatable({}, EqualityConstraint):init(a, b, s) end
function EqualityConstraint:execute() self:output().value = self:input().value end

local ScaleConstraint = class(BinaryConstraint)   -- dest = src * scale + offset
function ScaleConstraint.new(src, scale, offset, dest, s)
  return setmetatable({ scale = scale, offset = offset }, ScaleConstraint):init(src, dest, s)
end
function ScaleConstraint:addToGraph()
  BinaryConstraint.addToGraph(self)
  self.scale:addConstraint(self); self.offset:addConstraint(self)
end
function ScaleConstraint:removeFromGraph()
  BinaryConstraint.removeFromGraph(self)
  self.scale:removeConstraint(self); self.offset:removeConstraint(self)
end
function ScaleConstraint:markInputs(mark)
  BinaryConstraint.markInputs(self, mark)
  self.scale.mark, self.offset.mark = mark, mark
end
function ScaleConstraint:execute()
  if self.direction == FORWARD then
    self.v2.value = self.v1.value * self.scale.value + self.offset.value
  else
    self.v1.value = (self.v2.value - self.offset.value) / self.scale.value
  end
end
function ScaleConstraint:recalculate()
  local ihn, out = self:input(), self:output()
  out.walkStrength = weakestOf(self.strength, ihn.walkStrength)
  out.stay = ihn.stay and self.scale.stay and self.offset.stay
  if out.stay then self:execute() end
end

-- Variable: a value plus the ordered collection of constraints on it ----------
local Variable = class()
function Variable.new(name, value)
  return setmetatable({ name = name, value = value or 0, constraints = {}, determinedBy = nil,
                        mark = 0, walkStrength = WEAKEST, stay = true }, Variable)
end
function Variable:addConstraint(c) self.constraints[#self.constraints + 1] = c end
function Variable:removeConstraint(c)
  local cs = self.constraints
  for i = #cs, 1, -1 do
    if cs[i] == c then table.remove(cs, i) end
  end
  if self.determinedBy == c then self.determinedBy = nil end
end

-- Planner: incremental constraint satisfaction and plan extraction ------------
-- Work queues and plans are arrays; table.remove(t, 1) takes the first element.
local Planner = class()
function Planner.new() return setmetatable({ currentMark = 0 }, Planner) end
function Planner:newMark() self.currentMark = self.currentMark + 1; return self.currentMark end
function Planner:incrementalAdd(c)
  local mark = self:newMark()
  local overridden = c:satisfy(mark)
  while overridden ~= nil do overridden = overridden:satisfy(mark) end
end
function Planner:incrementalRemove(c)
  local out = c:output()
  c:markUnsatisfied()
  c:removeFromGraph()
  local unsatisfied = self:removePropagateFrom(out)
  for s = REQUIRED, WEAKEST - 1 do
    for _, u in ipairs(unsatisfied) do
      if u.strength == s then self:incrementalAdd(u) end
    end
  end
end
function Planner:makePlan(sources)
  local mark, plan, todo = self:newMark(), {}, sources
  while #todo > 0 do
    local c = table.remove(todo, 1)
    local out = c:output()
    if out.mark ~= mark and c:inputsKnown(mark) then
      plan[#plan + 1] = c
      out.mark = mark
      self:addConstraintsConsumingTo(out, todo)
    end
  end
  return plan
end
function Planner:extractPlanFromConstraints(constraints)
  local sources = {}
  for _, c in ipairs(constraints) do
    if c:isInput() and c:isSatisfied() then sources[#sources + 1] = c end
  end
  return self:makePlan(sources)
end
function Planner:addPropagate(c, mark)
  local todo = { c }
  while #todo > 0 do
    local d = table.remove(todo, 1)
    if d:output().mark == mark then self:incrementalRemove(c); return false end
    d:recalculate()
    self:addConstraintsConsumingTo(d:output(), todo)
  end
  return true
end
function Planner:removePropagateFrom(out)
  out.determinedBy, out.walkStrength, out.stay = nil, WEAKEST, true
  local unsatisfied, todo = {}, { out }
  while #todo > 0 do
    local v = table.remove(todo, 1)
    for _, c in ipairs(v.constraints) do
      if not c:isSatisfied() then unsatisfied[#unsatisfied + 1] = c end
    end
    for _, c in ipairs(v.constraints) do
      if c ~= v.determinedBy and c:isSatisfied() then
        c:recalculate()
        todo[#todo + 1] = c:output()
      end
    end
  end
  return unsatisfied
end
function Planner:addConstraintsConsumingTo(v, coll)
  for _, c in ipairs(v.constraints) do
    if c ~= v.determinedBy and c:isSatisfied() then coll[#coll + 1] = c end
  end
end
local function executePlan(plan)
  for i = 1, #plan do plan[i]:execute() end
end

-- Chain test: n equality constraints; edits at one end propagate to the other.
local function chainTest(n)
  planner = Planner.new()
  local first = Variable.new("v0")
  local last = first
  for i = 1, n do
    local v = Variable.new("v" .. i)
    EqualityConstraint.new(last, v, REQUIRED)
    last = v
  end
  StayConstraint.new(last, STRONG_DEFAULT)
  local plan = planner:extractPlanFromConstraints({ EditConstraint.new(first, PREFERRED) })
  local sum = 0
  for i = 0, 99 do
    first.value = i
    executePlan(plan)
    if last.value ~= i then error("Chain test failed.") end
    sum = sum + last.value
  end
  return sum
end

local function change(v, newValue)
  local edit = EditConstraint.new(v, PREFERRED)
  local plan = planner:extractPlanFromConstraints({ edit })
  for _ = 1, 10 do v.value = newValue; executePlan(plan) end
  edit:destroyConstraint()
end

-- Projection test: n scale constraints sharing the scale and offset variables.
local function projectionTest(n)
  planner = Planner.new()
  local scale, offset = Variable.new("scale", 10), Variable.new("offset", 1000)
  local src, dst, dests = nil, nil, {}
  for i = 0, n - 1 do
    src, dst = Variable.new("src" .. i, i), Variable.new("dst" .. i, i)
    dests[i + 1] = dst
    StayConstraint.new(src, NORMAL)
    ScaleConstraint.new(src, scale, offset, dst, REQUIRED)
  end
  change(src, 17)
  if dst.value ~= 1170 then error("Projection 1 failed") end
  change(dst, 1050)
  if src.value ~= 5 then error("Projection 2 failed") end
  change(scale, 5)
  for i = 0, n - 2 do
    if dests[i + 1].value ~= i * 5 + 1000 then error("Projection 3 failed") end
  end
  change(offset, 2000)
  local sum = 0
  for i = 0, n - 2 do
    if dests[i + 1].value ~= i * 5 + 2000 then error("Projection 4 failed") end
    sum = sum + dests[i + 1].value
  end
  return sum
end

local chainSum, projSum, marks = 0, 0, 0
for _ = 1, N do
  chainSum = chainSum + chainTest(100)
  projSum = projSum + projectionTest(100)
  marks = marks + planner.currentMark
end
print(string.format("chain: %d", chainSum))
print(string.format("projection: %d", projSum))
print(string.format("marks: %d", marks))
