-- realistic: a small class hierarchy with inheritance and __tostring
local Account = {}
Account.__index = Account
Account.__tostring = function(a)
  return string.format("%s[%s] balance=%.2f", a:kind(), a.owner, a.balance)
end
local nextId = 0
function Account.new(owner, balance)
  nextId = nextId + 1
  return setmetatable({owner = owner, balance = balance or 0, id = nextId, log = {}}, Account)
end
function Account:kind() return "Account" end
function Account:deposit(v)
  if v <= 0 then error("deposit must be positive", 2) end
  self.balance = self.balance + v
  self.log[#self.log + 1] = "+" .. v
end
function Account:withdraw(v)
  if v > self.balance then return false, "insufficient funds" end
  self.balance = self.balance - v
  self.log[#self.log + 1] = "-" .. v
  return true
end
function Account:history() return table.concat(self.log, " ") end

local Savings = setmetatable({}, {__index = Account})
Savings.__index = Savings
Savings.__tostring = Account.__tostring
function Savings.new(owner, balance, rate)
  local s = Account.new(owner, balance)
  s.rate = rate
  return setmetatable(s, Savings)
end
function Savings:kind() return "Savings" end
function Savings:addInterest()
  local interest = self.balance * self.rate
  self:deposit(interest)
  return interest
end
function Savings:withdraw(v)
  if v > 500 then return false, "limit exceeded" end
  return Account.withdraw(self, v)
end

local Checking = setmetatable({}, {__index = Account})
Checking.__index = Checking
Checking.__tostring = Account.__tostring
function Checking.new(owner, balance, overdraft)
  local c = Account.new(owner, balance)
  c.overdraft = overdraft
  return setmetatable(c, Checking)
end
function Checking:kind() return "Checking" end
function Checking:withdraw(v)
  if v > self.balance + self.overdraft then return false, "over overdraft" end
  self.balance = self.balance - v
  self.log[#self.log + 1] = "-" .. v
  return true
end

local accounts = {Account.new("ann", 100), Savings.new("bob", 1000, 0.05), Checking.new("cy", 50, 100)}
for _, a in ipairs(accounts) do a:deposit(25) end
print(accounts[1]:withdraw(200))
print(accounts[2]:withdraw(600))
print(accounts[2]:withdraw(300))
print(accounts[3]:withdraw(150))
print(accounts[3]:withdraw(100))
print(string.format("interest %.2f", accounts[2]:addInterest()))
for _, a in ipairs(accounts) do print(tostring(a), a.id, a:history()) end
local ok, err = pcall(accounts[1].deposit, accounts[1], -5)
print(ok, (err:gsub("^.-:%d+: ", "")))
local total = 0
for _, a in ipairs(accounts) do total = total + a.balance end
print(string.format("total %.2f", total))
